import { expect, test } from './fixtures.ts';
import { expectHeading, registerEmployer, registerUser, signIn, uniqueWord } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** An hourly budget of AED 50 – 80 an hour as each language writes it, and its hint in dollars. */
const perHour = {
  en: { budget: 'AED 50 - 80/hr', dollars: '≈ $14 - 22/hr at the reference rate' },
  ar: { budget: '50 - 80 د.إ/ساعة', dollars: '≈ 14 - 22 $/ساعة بسعر الصرف المرجعي' },
} as const;

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`prices and the profile in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`an hourly project's budget is per hour on the form, My Projects, its card and its page, dollars only as a hint${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const text = textsIn(language);
      const employer = await registerEmployer(request);
      await useLanguage(page, language);
      await signIn(page, employer);
      const main = page.getByRole('main');

      await page.goto('/post-job');
      await expectHeading(page, text('projects', 'post.title'));
      const title = `AC servicing for a Mirdif villa ${uniqueWord('ac')}`;
      await main.getByLabel(text('projects', 'post.fields.title')).fill(title);
      await main.getByLabel(text('projects', 'post.fields.description')).fill('Service five split units and replace two filters.');
      await main.getByLabel(text('projects', 'post.fields.skills')).fill('AC servicing');
      // Hourly is chosen: the budget is a rate, and the form says so.
      await expect(main.getByRole('radio', { name: text('projects', 'job_types.hourly') })).toBeChecked();
      await expect(main.getByText(text('projects', 'post.hourly_budget_hint'))).toBeVisible();
      await main.getByLabel(text('projects', 'post.fields.rate_min', { currency: 'AED' })).fill('50');
      await main.getByLabel(text('projects', 'post.fields.rate_max', { currency: 'AED' })).fill('80');
      await main.getByRole('button', { name: text('projects', 'post.submit') }).click();
      await expect(main.getByText(text('projects', 'post.success'))).toBeVisible();

      await expect(page).toHaveURL('/dashboard', { timeout: 6000 });
      const mine = main.getByTestId('my-project').filter({ hasText: title });
      await expect(mine).toContainText(perHour[language].budget);

      await page.goto(`/projects?q=${encodeURIComponent(title)}`);
      const card = main.getByRole('article').filter({ hasText: title });
      await expect(card.getByText(perHour[language].budget, { exact: true })).toBeVisible();

      await card.getByRole('link', { name: new RegExp(text('projects', 'card.view_details')) }).click();
      await expectHeading(page, title);
      const budget = main.getByText(text('projects', 'detail.budget'), { exact: true }).locator('..');
      await expect(budget.getByText(perHour[language].budget, { exact: true })).toBeVisible();
      await expect(budget.getByText(perHour[language].dollars, { exact: true })).toBeVisible();
    });

    test(`saving Edit profile says 'Profile updated successfully!' and the profile it opens says it too${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const professional = await registerUser(request, { first_name: 'Hessa', last_name: 'Al Falasi' });
      await useLanguage(page, language);
      await signIn(page, professional);
      const main = page.getByRole('main');

      await page.goto('/profile/edit');
      await expectHeading(page, text('profile', 'title'));
      await main.getByLabel(text('profile', 'fields.last_name')).fill('Al Falasi Al Ketbi');
      await main.getByRole('button', { name: text('profile', 'save') }).click();
      await expect(main.getByText(text('profile', 'saved'))).toBeVisible();

      await expect(page).toHaveURL(`/professionals/${professional.id}`, { timeout: 5000 });
      await expectHeading(page, 'Hessa Al Falasi Al Ketbi');
      await expect(main.getByRole('status').filter({ hasText: text('profile', 'saved') })).toBeVisible();
    });
  });
}
