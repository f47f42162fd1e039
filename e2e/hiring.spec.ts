import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectHeading, openBrowserAs, postJob, registerEmployer, registerUser, signIn, uniqueWord, type Account } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** The header's Post a Project: in the navigation on a wide screen, in the menu on a phone. */
async function openPostAProject(page: Page, text: ReturnType<typeof textsIn>) {
  const banner = page.getByRole('banner');
  const menuButton = banner.getByRole('button', { name: text('common', 'header.open_menu') });
  const link = banner.getByRole('link', { name: text('common', 'header.post_project') });
  await expect(menuButton.or(link).first()).toBeVisible();
  if (await menuButton.isVisible()) await menuButton.click();
  await link.click();
}

const propose = (request: Parameters<typeof postJob>[0], professional: Account, jobId: string, rate: number) =>
  request.post('/api/proposals', {
    data: {
      job_id: jobId,
      proposal_text: 'I have done this work for three villas in Dubai this year.',
      proposed_rate: rate,
      estimated_hours: 20,
    },
    headers: { authorization: `Bearer ${professional.token}` },
  });

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`hiring in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`an employer posts from the header, finds the project in My projects, edits it and accepts a proposal; the other applicant is not selected${phoneInArabic(language)}`, async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const text = textsIn(language);
      const employer = await registerEmployer(request);
      const chosen = await registerUser(request, { first_name: 'Saeed', last_name: 'Al Ketbi' });
      const other = await registerUser(request, { first_name: 'Hind', last_name: 'Al Marri' });
      await useLanguage(page, language);
      await signIn(page, employer);
      const main = page.getByRole('main');

      // Post a Project is in the header (or its menu on a phone).
      await page.goto('/');
      await openPostAProject(page, text);
      await expect(page).toHaveURL('/post-job');
      await expectHeading(page, text('projects', 'post.title'));
      const title = `Villa repainting ${uniqueWord('paint')}`;
      await main.getByLabel(text('projects', 'post.fields.title')).fill(title);
      await main.getByLabel(text('projects', 'post.fields.description')).fill('Repaint four bedrooms and the majlis with washable paint.');
      await main.getByLabel(text('projects', 'post.fields.skills')).fill('Painting, Plastering');
      await main.getByRole('radio', { name: text('projects', 'job_types.fixed') }).check();
      await main.getByLabel(text('projects', 'post.fields.budget_min', { currency: 'AED' })).fill('٣٬٠٠٠');
      await main.getByLabel(text('projects', 'post.fields.budget_max', { currency: 'AED' })).fill('5000');
      await main.getByRole('button', { name: text('projects', 'post.submit') }).click();
      await expect(main.getByText(text('projects', 'post.success'))).toBeVisible();

      // The dashboard lists it under My projects, newest first.
      await expect(page).toHaveURL('/dashboard', { timeout: 6000 });
      const mine = main.getByTestId('my-project').first();
      await expect(mine).toContainText(title);
      await expect(mine).toContainText('3,000 - 5,000');
      await mine.getByRole('link', { name: title }).click();
      await expectHeading(page, title);

      // Edit it under the posting rules.
      await main.getByRole('link', { name: text('projects', 'owner.edit') }).click();
      await expectHeading(page, text('projects', 'edit.title'));
      const edited = `${title} and doors`;
      await main.getByLabel(text('projects', 'post.fields.title')).fill(edited);
      await main.getByRole('button', { name: text('projects', 'edit.submit') }).click();
      await expectHeading(page, edited);
      await expect(main.getByText(text('validation', 'Project updated successfully!'))).toBeVisible();

      // Two professionals propose; the employer accepts one after a confirmation naming them and their rate.
      const job = { id: page.url().split('/').at(-1)! };
      expect((await propose(request, chosen, job.id, 45)).status()).toBe(201);
      expect((await propose(request, other, job.id, 38)).status()).toBe(201);
      await page.reload();
      const item = main.getByTestId('proposal').filter({ hasText: 'Saeed Al Ketbi' });
      await item.getByRole('button', { name: text('projects', 'proposals.accept') }).click();
      const confirmation = page.getByRole('dialog', { name: text('projects', 'proposals.confirm_title') });
      await expect(confirmation).toContainText('Saeed Al Ketbi');
      await expect(confirmation).toContainText('45');
      await confirmation.getByRole('button', { name: text('projects', 'proposals.accept') }).click();
      await expect(item.getByText(text('projects', 'proposal_statuses.accepted'), { exact: true })).toBeVisible();
      const declined = main.getByTestId('proposal').filter({ hasText: 'Hind Al Marri' });
      await expect(declined.getByText(text('projects', 'proposal_statuses.not_selected'), { exact: true })).toBeVisible();

      // The other applicant reads 'not selected' on the project and in My proposals.
      const otherPage = await openBrowserAs(browser, other);
      await useLanguage(otherPage, language);
      await otherPage.goto(`/projects/${job.id}`);
      await expectHeading(otherPage, edited);
      await expect(otherPage.getByTestId('own-proposal')).toContainText(text('projects', 'proposal_statuses.not_selected'));
      await expect(otherPage.getByRole('main').getByText(text('projects', 'own_proposal.not_selected'))).toBeVisible();
      await otherPage.goto('/dashboard');
      await expect(otherPage.getByTestId('my-proposal').filter({ hasText: edited })).toContainText(
        text('projects', 'proposal_statuses.not_selected'),
      );
      await otherPage.context().close();
    });
  });
}

test.describe('returning after login', () => {
  test('a visitor who clicks View Details is told why they must log in, and lands on the project after logging in @phone', async ({
    page,
    request,
  }) => {
    const employer = await registerEmployer(request);
    const job = await postJob(request, employer);
    const professional = await registerUser(request);
    const main = page.getByRole('main');

    await page.goto(`/projects?q=${encodeURIComponent(job.title)}`);
    await main.getByRole('link', { name: `View Details: ${job.title}` }).click();
    await expect(page).toHaveURL('/login');
    await expect(main.getByText('Log in to see the project’s details and send a proposal. You will come back to it.')).toBeVisible();
    await main.getByLabel('E-mail address').fill(professional.email);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('Marketplace2026');
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`/projects/${job.id}`);
    await expectHeading(page, job.title);
    await expect(main.getByRole('button', { name: 'Submit Proposal' })).toBeVisible();
  });
});

test.describe('numbers in Arabic-Indic digits', () => {
  test('a professional types a rate and years in Arabic digits, and they are saved and shown @phone', async ({ page, request }) => {
    const professional = await registerUser(request, { first_name: 'Amal', last_name: 'Al Suwaidi' });
    const text = textsIn('ar');
    await useLanguage(page, 'ar');
    await signIn(page, professional);
    const main = page.getByRole('main');

    await page.goto('/profile/edit');
    await expectHeading(page, text('profile', 'title'));
    await main.getByRole('tab', { name: text('profile', 'tabs.professional') }).click();
    await main.getByLabel(text('profile', 'fields.hourly_rate')).fill('٢٥٠٫٥');
    await main.getByLabel(text('profile', 'fields.years_of_experience')).fill('١٢');
    await main.getByRole('button', { name: text('profile', 'save') }).click();
    await expect(main.getByText(text('profile', 'saved'))).toBeVisible();

    const me = (await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${professional.token}` } })).json()) as {
      hourly_rate: number;
      years_of_experience: number;
    };
    expect(me).toMatchObject({ hourly_rate: 250.5, years_of_experience: 12 });
    await page.goto('/profile/edit');
    await main.getByRole('tab', { name: text('profile', 'tabs.professional') }).click();
    await expect(main.getByLabel(text('profile', 'fields.hourly_rate'))).toHaveValue('250.5');
  });
});
