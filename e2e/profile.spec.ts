import { expect, test } from './fixtures.ts';
import sharp from 'sharp';
import { expectHeading, registerUser, signIn } from './marketplace.ts';
import { textsIn, useLanguage } from './texts.ts';

test.describe('edit profile', () => {
  test('a visitor who is not logged in is told to log in', async ({ page }) => {
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Please log in to edit your profile.')).toBeVisible();
  });

  test('the demo employer uploads a picture, edits each tab and is taken to the profile @phone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail address').fill('omar.almansoori@demo.mihna.ae');
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('MihnaDemo2025!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Omar' })).toBeVisible();

    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#F59E0B' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Upload picture').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('img', { name: 'Profile picture of Omar' })).toHaveAttribute('src', /^\/media\/.+\.webp$/);

    await page.getByLabel('Upload picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please select an image file')).toBeVisible();

    await page.getByLabel('Last name').fill('Al Mansoori Jr');
    await page.getByRole('tab', { name: 'Professional' }).click();
    await page.getByLabel('Company size').selectOption('51-200');
    await page.getByRole('tab', { name: 'Location & Privacy' }).click();
    await page.getByLabel('Show my emirate and city on my profile').check();
    await expect(page.getByLabel('Also show my exact location')).toBeVisible();
    await page.getByLabel('Show my emirate and city on my profile').uncheck();
    await expect(page.getByLabel('Also show my exact location')).toBeHidden();
    await page.getByRole('tab', { name: 'Social Links' }).click();
    await page.getByLabel('Website').fill('not a url');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Invalid format')).toBeVisible();
    await page.getByLabel('Website').fill('https://alnoor.example.ae');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page).not.toHaveURL(/\/profile\/edit$/, { timeout: 5000 });

    await expect(page.getByRole('banner')).toContainText('Omar Al Mansoori Jr');
  });

  test('on a phone in Arabic, every tab of the form is whole on the screen and opens its section @phone-only', async ({
    page,
    request,
  }) => {
    const text = textsIn('ar');
    const professional = await registerUser(request);
    await useLanguage(page, 'ar');
    await signIn(page, professional);
    await page.goto('/profile/edit');
    await expectHeading(page, text('profile', 'title'));
    const tabs = page.getByRole('tablist', { name: text('profile', 'tabs_label') });
    // Nothing to scroll sideways to: the row of tabs wraps, and no tab runs past the screen's edge.
    expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    const width = page.viewportSize()!.width;
    const sections = [
      ['basic', 'fields.first_name'],
      ['professional', 'fields.skills'],
      ['location', 'fields.show_location'],
      ['social', 'fields.website_url'],
    ] as const;
    for (const [tab] of sections) {
      const box = (await tabs.getByRole('tab', { name: text('profile', `tabs.${tab}`) }).boundingBox())!;
      expect(box.x, tab).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, tab).toBeLessThanOrEqual(width);
    }
    for (const [tab, field] of sections) {
      await tabs.getByRole('tab', { name: text('profile', `tabs.${tab}`) }).click();
      await expect(page.getByRole('tabpanel').getByLabel(text('profile', field), { exact: true })).toBeVisible();
    }
  });
});
