import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LAYLA_EMAIL, logIn, OMAR_EMAIL, signIn } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** Whether Chart.js painted anything on the chart's canvas (not every pixel blank). */
const hasBars = (figure: Locator) =>
  figure.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return data.some((value, index) => index % 4 === 3 && value > 0);
  });

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test(`the employer's and the professional's dashboards show their own figures and charts (${language})${phoneInArabic(language)}`, async ({
    page,
    request,
  }) => {
    const text = textsIn(language);
    const omar = await logIn(request, OMAR_EMAIL);
    const figures = (await (await request.get('/api/dashboard/stats', { headers: { authorization: `Bearer ${omar.token}` } })).json()) as {
      total_jobs: number;
      applications: number;
      total_spent: number;
    };
    expect(figures.total_spent).toBeGreaterThan(0);

    await useLanguage(page, language);
    await signIn(page, omar);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    const card = (label: string) => main.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(card(text('auth', 'dashboard.total_projects'))).toContainText(String(figures.total_jobs));
    await expect(card(text('auth', 'dashboard.applications'))).toContainText(String(figures.applications));
    const spent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(figures.total_spent);
    await expect(card(text('auth', 'dashboard.total_investment'))).toContainText(spent);

    // Analytics: spending per month and proposals per project, each drawn and each a table too.
    await main.getByRole('tab', { name: text('auth', 'dashboard.tab_analytics') }).click();
    const spending = main.getByRole('figure', { name: text('auth', 'dashboard.spending_chart') });
    await expect.poll(() => hasBars(spending)).toBe(true);
    await spending.getByText(text('auth', 'dashboard.chart_table')).click();
    await expect(spending.getByRole('row')).toHaveCount(13);
    await expect(spending.getByRole('row').last()).toContainText(
      new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', { month: 'short' }).format(new Date()),
    );
    await expect.poll(() => hasBars(main.getByRole('figure', { name: text('auth', 'dashboard.proposals_chart') }))).toBe(true);

    // The professional's figures are her own.
    const layla = await logIn(request, LAYLA_EMAIL);
    const hers = (await (await request.get('/api/dashboard/stats', { headers: { authorization: `Bearer ${layla.token}` } })).json()) as {
      total_proposals: number;
    };
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, layla);
    await page.goto('/dashboard');
    await expect(card(text('auth', 'dashboard.total_proposals'))).toContainText(String(hers.total_proposals));
    await expect(main.getByRole('figure', { name: text('auth', 'dashboard.earnings_chart') })).toBeVisible();
    await expect(main.getByRole('heading', { name: text('auth', 'dashboard.activity') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
