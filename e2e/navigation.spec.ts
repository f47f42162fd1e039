import { expect, test } from './fixtures.ts';

test.describe('navigation', () => {
  test('an unknown path goes to the home page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect. Collaborate. Create.');
  });

  for (const legacy of ['/jobs', '/jobs/42', '/workers', '/experts', '/experts/7']) {
    test(`${legacy} redirects instead of showing a blank page`, async ({ page }) => {
      await page.goto(legacy);
      await expect(page).not.toHaveURL(new RegExp(`${legacy}$`));
      await expect(page.getByRole('banner')).toBeVisible();
    });
  }

  test('the header country selector offers all GCC countries and opens the project search', async ({ page }) => {
    await page.goto('/about');
    const select = page.getByRole('banner').getByLabel('Country');
    await expect(select.locator('option')).toHaveText([
      'All GCC Countries',
      'United Arab Emirates',
      'Saudi Arabia',
      'Qatar',
      'Kuwait',
      'Oman',
      'Bahrain',
    ]);
    await select.selectOption('SA');
    await expect(page).not.toHaveURL(/\/about$/);
  });

  test('the login page a guard sent one to says why, also after a reload, without a page error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    const reason = page.getByRole('main').getByRole('status');
    await expect(reason).toBeVisible();
    // The history entry keeps where the reader was heading; the page the server drew for /login does not.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Mihna' })).toBeVisible();
    await expect(reason).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(errors).toEqual([]);
  });

  test('a footer link opens its page scrolled to the top', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Mihna' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveURL('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the language switch turns the site to Arabic, right to left, and remembers it @phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تواصل. تعاون. أبدِع.');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const header = page.getByRole('banner');
    const logoBox = await header.getByRole('link').first().boundingBox();
    const viewport = page.viewportSize();
    expect(logoBox && viewport && logoBox.x > viewport.width / 2, 'the logo sits on the right in Arabic').toBe(true);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});
