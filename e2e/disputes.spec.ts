import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  bearer,
  consoleSignIn,
  DEMO_PASSWORD,
  fundEscrow,
  hire,
  openBrowserAs,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
} from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** Where a figure is shown beside its label: the smallest block holding both. */
const figure = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).first().locator('xpath=ancestor::*[self::div or self::section or self::dd or self::dl][1]');

/** An amount of AED as a screen writes it, with or without fils, in either language's digits. */
const aed = (amount: string) => new RegExp(amount.replace(',', '[,٬]?'));

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test(`a dispute about one milestone: only it waits, staff split it, and every screen tells the same figures${phoneInArabic(language)}`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const text = textsIn(language);
    const employer = await registerEmployer(request, { first_name: 'Sara', last_name: 'Al Nahyan' });
    const professional = await registerUser(request, { first_name: 'Karim', last_name: 'Haddad' });
    const job = await hire(request, employer, professional, {
      job: { title: `Villa N16 fit-out drawings ${uniqueWord('villa')}`, budget_min: 8000, budget_max: 12_000 },
      rate: 10_000,
      text: 'I draw villa fit-outs across Dubai.',
    });
    await fundEscrow(request, employer, job.id, [
      { title: 'Concept drawings', description: 'Layouts and mood boards', amount: 6000 },
      { title: 'Construction set', description: 'Drawings for the contractor', amount: 4000 },
    ]);
    const status = (await (await request.get(`/api/jobs/${job.id}/payment-status`, { headers: bearer(professional) })).json()) as {
      milestones: { id: string }[];
    };
    const [concept, construction] = status.milestones;
    for (const milestone of [concept!, construction!]) {
      const submitted = await request.post(`/api/milestones/${milestone.id}/submit`, {
        data: { notes: 'Attached.', deliverable_urls: ['https://files.example.ae/villa-n16'] },
        headers: bearer(professional),
      });
      expect(submitted.ok(), await submitted.text()).toBe(true);
    }

    // The employer disputes the concept drawings, choosing them in the dialog.
    await useLanguage(page, language);
    await signIn(page, employer);
    await page.goto(`/projects/${job.id}/payment`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: text('payments', 'dispute.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('payments', 'dispute.milestone')).selectOption(concept!.id);
    await dialog.getByLabel(text('payments', 'dispute.reason'), { exact: true }).fill('The kitchen is missing');
    await dialog.getByLabel(text('payments', 'dispute.description'), { exact: true }).fill('The concept drawings leave out the kitchen.');
    await dialog.getByRole('button', { name: text('payments', 'dispute.submit') }).click();
    await expect(main.getByText(text('payments', 'dispute.success'))).toBeVisible();

    // Only that milestone waits: the other is approved and released.
    const card = (title: string) => main.getByRole('listitem').filter({ hasText: title });
    await expect(card('Concept drawings').getByText(text('payments', 'milestones.on_hold'))).toBeVisible();
    await expect(card('Concept drawings').getByRole('button', { name: text('payments', 'milestones.approve') })).toHaveCount(0);
    await card('Construction set')
      .getByRole('button', { name: text('payments', 'milestones.approve') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('payments', 'milestones.approve_button') })
      .click();
    await expect(main.getByText(text('payments', 'milestones.approve_success'))).toBeVisible();
    await expect(card('Construction set').getByText(text('payments', 'milestone_statuses.approved'), { exact: true })).toBeVisible();

    // Staff see the milestone in dispute with its deliverables, and split it: AED 3,500 released, 2,500 refunded.
    const staffPage = await browser.newPage({ baseURL: page.url().replace(/\/projects.*$/, '') });
    await useLanguage(staffPage, language);
    await consoleSignIn(staffPage, text, 'admin@demo.mihna.ae', DEMO_PASSWORD);
    await staffPage.getByRole('tab', { name: text('admin', 'tabs.disputes') }).click();
    const disputeCard = staffPage.getByRole('article').filter({ hasText: job.title });
    await expect(
      disputeCard.getByRole('row').filter({ hasText: 'Concept drawings' }).getByText(text('admin', 'disputes.in_dispute')),
    ).toBeVisible();
    await expect(disputeCard.getByRole('link', { name: 'https://files.example.ae/villa-n16' }).first()).toBeVisible();
    await disputeCard.getByRole('radio', { name: text('admin', 'disputes.decision_split') }).check();
    await disputeCard.getByLabel(text('admin', 'disputes.release_amount', { currency: 'AED' })).fill(language === 'ar' ? '٣٥٠٠' : '3500');
    await disputeCard.getByLabel(text('admin', 'disputes.note')).fill('The layouts were delivered; the kitchen was not drawn.');
    await disputeCard.getByRole('button', { name: text('admin', 'disputes.resolve') }).click();
    await staffPage
      .getByRole('dialog')
      .getByRole('button', { name: text('admin', 'disputes.resolve') })
      .click();
    await expect(staffPage.getByRole('article').filter({ hasText: job.title })).toHaveCount(0);

    // The professional's payment page: the concept is split, under Mihna's decision, and the job is complete.
    const professionalPage = await openBrowserAs(browser, professional);
    await useLanguage(professionalPage, language);
    await professionalPage.goto(`/projects/${job.id}/payment`);
    const theirs = professionalPage.getByRole('main');
    const split = theirs.getByRole('listitem').filter({ hasText: 'Concept drawings' });
    await expect(split.getByText(text('payments', 'milestone_statuses.split'), { exact: true })).toBeVisible();
    await expect(split).toContainText(aed('3,500'));
    await expect(split).toContainText(aed('2,500'));
    await expect(split.getByText(text('payments', 'milestones.decision'), { exact: true })).toBeVisible();
    await expect(split.getByText('The layouts were delivered; the kitchen was not drawn.')).toBeVisible();
    await expect(split.getByText(text('payments', 'milestones.reviewer_notes'), { exact: false })).toHaveCount(0);
    await expect(figure(theirs, text('payments', 'overview.released'))).toContainText(aed('7,500'));
    await expect(figure(theirs, text('payments', 'overview.refunded'))).toContainText(aed('2,500'));
    await expect(theirs.getByText(text('payments', 'statuses.released'), { exact: true })).toBeVisible();

    // The same figures on the employer's page, dashboard and public profile: AED 10,000 paid in, 2,500 back.
    await page.goto(`/projects/${job.id}/payment`);
    await expect(figure(main, text('payments', 'overview.released'))).toContainText(aed('7,500'));
    await expect(figure(main, text('payments', 'overview.refunded'))).toContainText(aed('2,500'));
    await page.goto('/dashboard');
    await expect(figure(main, text('auth', 'dashboard.total_investment'))).toContainText(aed('7,500'));
    await page.goto(`/employers/${employer.id}`);
    await expect(figure(main, text('professionals', 'employer.total_spent'))).toContainText(aed('7,500'));

    // And in the console, the employer's money as it moved: 10,000 funded, 3,500 and 4,000 released, 2,500 refunded.
    await staffPage.getByRole('tab', { name: text('admin', 'tabs.users') }).click();
    const search = staffPage.getByRole('tabpanel').getByRole('searchbox', { name: text('admin', 'common.search') });
    await search.fill(employer.email);
    await search.press('Enter');
    await staffPage
      .getByRole('row')
      .filter({ hasText: employer.email })
      .getByRole('button', { name: `${employer.firstName} ${employer.lastName}`, exact: true })
      .click();
    const detail = staffPage.getByRole('dialog');
    await expect(figure(detail, text('admin', 'user_detail.total_spent'))).toContainText(aed('7,500'));
    const rows = detail.getByRole('region', { name: text('admin', 'user_detail.transactions') }).getByRole('row');
    await expect(rows.filter({ hasText: text('admin', 'user_detail.type_refunded') })).toContainText(aed('2,500'));
    await expect(rows.filter({ hasText: text('admin', 'user_detail.type_escrow_funded') })).toContainText(aed('10,000'));
    await expect(rows.filter({ hasText: text('admin', 'user_detail.type_released') })).toHaveCount(2);
    await staffPage.close();
    await professionalPage.close();
  });
}
