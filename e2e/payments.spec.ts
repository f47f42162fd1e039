import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  bearer,
  expectHeading,
  hire,
  openBrowserAs,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
  type Account,
  confirmStepUpByEmail,
} from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** A hire made through the API: the employer's project, the professional's proposal, accepted. */
const menuHire = (request: APIRequestContext, employer: Account, professional: Account) =>
  hire(request, employer, professional, {
    job: {
      title: `Bilingual menu design ${uniqueWord('menu')}`,
      budget_min: 3000,
      budget_max: 6000,
      industry_category: 'design_creative',
      local_service_category: null,
      local_service_subcategory: null,
      skills_required: 'Menu design, Arabic typography',
    },
    rate: 4500,
    text: 'I design bilingual menus for cafés in Dubai.',
  });

/** Presses Pay on the built-in gateway's page: its form posts to {checkout_url}/pay. */
async function payOnGateway(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+/);
  await page.locator('form[action$="/pay"] button').click();
  await expect(page).toHaveURL(/\/payments\/success/);
}

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`payments in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`escrow with two milestones from setup to release, reviews both ways, and a verified profile${phoneInArabic(language)}`, async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const text = textsIn(language);
      const employer = await registerEmployer(request);
      const professional = await registerUser(request, { first_name: 'Noura', last_name: 'Al Suwaidi' });
      const job = await menuHire(request, employer, professional);
      await useLanguage(page, language);
      await signIn(page, employer);
      const main = page.getByRole('main');

      // The project page leads both parties to the payment page.
      await page.goto(`/projects/${job.id}`);
      await main.getByRole('link', { name: text('payments', 'link.button') }).click();
      await expect(page).toHaveURL(`/projects/${job.id}/payment`);
      await expect(main.getByText(text('payments', 'protection.title'))).toBeVisible();

      // Two milestones in the setup dialog; the only remaining row cannot be removed.
      await main.getByRole('button', { name: text('payments', 'setup.button') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: text('payments', 'setup.remove', { number: 1 }) })).toHaveCount(0);
      const row = (index: number) => dialog.locator('fieldset').nth(index);
      await row(0).getByLabel(text('payments', 'setup.title_label')).fill('Layout and illustrations');
      await row(0).getByLabel(text('payments', 'setup.description_label')).fill('Both languages, two rounds of changes.');
      await row(0)
        .getByLabel(text('payments', 'setup.amount_label', { currency: language === 'ar' ? 'د.إ' : 'AED' }))
        .fill('٢٠٠٠');
      await dialog.getByRole('button', { name: text('payments', 'setup.add') }).click();
      await row(1).getByLabel(text('payments', 'setup.title_label')).fill('Print-ready files');
      await row(1).getByLabel(text('payments', 'setup.description_label')).fill('PDF and source files.');
      await row(1)
        .getByLabel(text('payments', 'setup.amount_label', { currency: language === 'ar' ? 'د.إ' : 'AED' }))
        .fill('2500');
      await dialog.getByRole('button', { name: text('payments', 'setup.save') }).click();
      await expect(dialog).toHaveCount(0);
      await expect(main.getByText(text('payments', 'statuses.pending'), { exact: true })).toBeVisible();

      // Escrow is funded through the gateway's checkout page.
      await main.getByRole('button', { name: text('payments', 'fund.button') }).click();
      await payOnGateway(page);
      await expect(page.getByRole('heading', { name: text('payments', 'checkout.success_title') })).toBeVisible();
      await page.getByRole('link', { name: text('payments', 'checkout.continue') }).click();
      await expect(page).toHaveURL(`/projects/${job.id}/payment`);
      await expect(main.getByText(text('payments', 'statuses.escrowed'), { exact: true })).toBeVisible();

      // The professional submits each milestone, the employer approves each.
      const professionalPage = await openBrowserAs(browser, professional);
      await useLanguage(professionalPage, language);
      const professionalMain = professionalPage.getByRole('main');
      for (const milestone of ['Layout and illustrations', 'Print-ready files']) {
        await professionalPage.goto(`/projects/${job.id}/payment`);
        const card = professionalMain.getByRole('listitem').filter({ hasText: milestone });
        await card.getByRole('button', { name: text('payments', 'milestones.submit'), exact: true }).click();
        const submitDialog = professionalPage.getByRole('dialog');
        await submitDialog.getByLabel(text('payments', 'milestones.submit_links')).fill('https://files.example.ae/menu');
        await submitDialog.getByRole('button', { name: text('payments', 'milestones.submit_button') }).click();
        await expect(professionalMain.getByText(text('payments', 'milestones.submit_success'))).toBeVisible();

        await page.goto(`/projects/${job.id}/payment`);
        await main
          .getByRole('listitem')
          .filter({ hasText: milestone })
          .getByRole('button', { name: text('payments', 'milestones.approve') })
          .click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: text('payments', 'milestones.approve_button') })
          .click();
        await expect(main.getByText(text('payments', 'milestones.approve_success'))).toBeVisible();
      }
      await expect(main.getByText(text('payments', 'statuses.released'), { exact: true })).toBeVisible();

      // Both review; the reviews are published once both are in.
      const review = async (reviewer: Page, stars: number, otherParty: string) => {
        await reviewer.goto(`/projects/${job.id}/payment`);
        const panel = reviewer.getByRole('region', { name: text('payments', 'reviews.title') });
        // One radio of that many stars per criterion.
        const choices = panel.getByRole('radio', { name: text('payments', 'reviews.stars', { count: stars }), exact: true });
        await expect(choices.first()).toBeAttached();
        for (const choice of await choices.all()) await choice.check();
        await panel.getByLabel(text('payments', 'reviews.comment')).fill('Clear, careful and on time.');
        await panel.getByRole('button', { name: text('payments', 'reviews.submit') }).click();
        await expect(
          panel.getByRole('heading', { name: text('payments', 'reviews.yours', { name: `\u2068${otherParty}\u2069` }) }),
        ).toBeVisible();
      };
      await review(page, 5, `${professional.firstName} ${professional.lastName}`);
      await review(professionalPage, 4, employer.companyName ?? '');
      await expect(
        professionalPage.getByText(text('payments', 'reviews.theirs', { name: `\u2068${employer.companyName ?? ''}\u2069` })),
      ).toBeVisible();

      // The professional's public profile shows the verified rating and the portfolio item.
      await page.goto(`/professionals/${professional.id}`);
      await expectHeading(page, `${professional.firstName} ${professional.lastName}`);
      await expect(main.getByText(text('professionals', 'expert.verified_reviews_one'))).toBeVisible();
      await main.getByRole('tab', { name: text('professionals', 'tabs.portfolio') }).click();
      await expect(main.getByText(job.title)).toBeVisible();

      // The professional saves a bank account for the released money: a mistyped IBAN is caught first; saving
      // asks for a second factor (a code e-mailed to an account without an app); the account then waits 24 hours.
      await professionalPage.goto('/earnings');
      const earnings = professionalPage.getByRole('main');
      await expectHeading(professionalPage, text('earnings', 'title'));
      await expect(earnings.getByText(text('earnings', 'payout.no_method'))).toBeVisible();
      await expect(earnings.getByRole('button', { name: text('earnings', 'payout.submit') })).toBeDisabled();
      const iban = earnings.getByLabel(text('earnings', 'payout.iban'));
      await iban.fill('AE07 0331 2345 6789 0123 457');
      await earnings.getByRole('button', { name: text('earnings', 'methods.add') }).click();
      await expect(iban).toHaveAttribute('aria-invalid', 'true');
      await iban.fill('AE07 0331 2345 6789 0123 456');
      await earnings.getByRole('button', { name: text('earnings', 'methods.add') }).click();
      const stepUp = await confirmStepUpByEmail(professionalPage, request, professional.email, language);
      await expect(stepUp).toBeHidden();
      const saved = earnings.getByRole('listitem').filter({ hasText: 'AE•• •••• 3456' });
      await expect(saved.getByText(text('earnings', 'methods.waiting'), { exact: true })).toBeVisible();
      // Until its 24 hours have passed no payout goes to it; the account's e-mail was told, with the freeze link.
      await expect(earnings.getByRole('button', { name: text('earnings', 'payout.submit') })).toBeDisabled();
      const mails = await request.get(`/api/dev/outbox?to=${encodeURIComponent(professional.email)}`);
      expect(JSON.stringify(await mails.json())).toContain('/freeze-payouts?token=');
      await professionalPage.close();
    });
  });
}

test('a dispute holds the milestone it is about until it is resolved', async ({ page, request }) => {
  const employer = await registerEmployer(request);
  const professional = await registerUser(request, { first_name: 'Omar', last_name: 'Al Shamsi' });
  const job = await menuHire(request, employer, professional);
  const setup = await request.post(`/api/jobs/${job.id}/setup-payment`, {
    data: { milestones: [{ title: 'Design', description: 'The menu', amount: 3000 }] },
    headers: bearer(employer),
  });
  expect(setup.ok()).toBe(true);
  await signIn(page, employer);
  await page.goto(`/projects/${job.id}/payment`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Fund Escrow' }).click();
  await payOnGateway(page);
  const status = (await (await request.get(`/api/jobs/${job.id}/payment-status`, { headers: bearer(professional) })).json()) as {
    milestones: { id: string }[];
  };
  expect((await request.post(`/api/milestones/${status.milestones[0]!.id}/submit`, { data: {}, headers: bearer(professional) })).ok()).toBe(
    true,
  );

  await page.goto(`/projects/${job.id}/payment`);
  await main.getByRole('button', { name: 'Open Dispute' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
  await expect(dialog.getByText('Please provide both reason and description for the dispute.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Not as agreed');
  await dialog.getByLabel('Description').fill('The menu is missing the Arabic side.');
  await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
  await expect(main.getByText('Dispute created successfully. Our team will review it.')).toBeVisible();
  await expect(main.getByText('Dispute open', { exact: true })).toBeVisible();
  await expect(main.getByText('On hold: in dispute', { exact: true })).toBeVisible();
  // Approve is no longer offered, nor a second dispute, and the server refuses the approval.
  await expect(main.getByRole('button', { name: 'Approve & Release' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Open Dispute' })).toHaveCount(0);
  await expect(main.getByText(/Approved automatically on/)).toHaveCount(0);
  const approve = await request.post(`/api/milestones/${status.milestones[0]!.id}/approve`, { data: {}, headers: bearer(employer) });
  expect(approve.status()).toBe(409);
  expect(((await approve.json()) as { detail: string }).detail).toBe('This milestone is on hold while its dispute is open');
});

test('an employer features a project through the test gateway after posting', async ({ page, request }) => {
  const employer = await registerEmployer(request);
  await signIn(page, employer);
  await page.goto('/post-job');
  const main = page.getByRole('main');
  const title = `Rooftop café menu ${uniqueWord('cafe')}`;
  await main.getByLabel('Project Title').fill(title);
  await main.getByLabel('Project Description').fill('A bilingual menu for a rooftop café in Jumeirah.');
  await main.getByLabel('Skills Required').fill('Menu design');
  await main.getByRole('radio', { name: 'Fixed Price' }).check();
  await main.getByLabel('Minimum Budget (AED)').fill('1000');
  await main.getByLabel('Maximum Budget (AED)').fill('3000');
  await main.getByRole('checkbox', { name: /Feature this project/ }).check();
  await main.getByRole('button', { name: 'Post Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature your project' });
  await expect(dialog.getByText('AED 20.00', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.locator('.amount')).toHaveText('AED 20.00');
  await payOnGateway(page);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const search = (await (await request.get('/api/search/jobs', { params: { q: title } })).json()) as {
    jobs: { title: string; is_featured: boolean }[];
  };
  expect(search.jobs.find((job) => job.title === title)?.is_featured).toBe(true);
});
