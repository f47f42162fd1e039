import { expect, test } from './fixtures.ts';

const pages = [
  { path: '/', heading: 'Connect. Collaborate. Create.' },
  { path: '/about', heading: 'About Mihna' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/help', heading: 'Help Center' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/dev/mailbox', heading: 'Development mailbox' },
];

test.describe('public pages', () => {
  for (const { path, heading } of pages) {
    test(`${path} renders its page inside the header and footer, without errors @phone`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('Mihna');
      await expect(page.getByRole('contentinfo')).toContainText('Quick Links');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }

  test('the home page shows the three counters and both search buttons', async ({ page }) => {
    await page.goto('/');
    const counters = page.getByRole('definition');
    await expect(counters).toHaveText(['1,247', '3,892', '5,634']);
    await expect(page.getByRole('main').getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/professionals');
    await expect(page.getByRole('main').getByRole('link', { name: 'Find Projects' })).toHaveAttribute('href', '/projects');
  });

  test('the help centre has six categories with answers and the still-need-help block', async ({ page }) => {
    await page.goto('/help');
    const categories = page.getByRole('navigation', { name: 'Help categories' }).getByRole('button');
    await expect(categories).toHaveText([
      'Getting Started',
      'For Professionals',
      'For Employers',
      'Payments & Security',
      'UAE Features',
      'Troubleshooting',
    ]);
    await expect(page.getByText('18+ industries')).toBeVisible();
    await categories.filter({ hasText: 'Payments & Security' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payments & Security' })).toBeVisible();
    const firstQuestion = page.locator('details').first();
    await firstQuestion.locator('summary').click();
    await expect(firstQuestion.locator('p')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Still need help?' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', '/contact');
  });

  test('privacy has six sections and terms ten, last updated January 4, 2025, citing the cybercrime law', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated: January 4, 2025')).toBeVisible();
    await expect(page.locator('article section')).toHaveCount(6);
    await page.goto('/terms');
    await expect(page.getByText('Last updated: January 4, 2025')).toBeVisible();
    await expect(page.locator('article section')).toHaveCount(10);
    await expect(page.locator('article')).toContainText('Federal Decree-Law No. 34 of 2021');
  });
});
