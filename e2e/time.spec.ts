import { expect, test } from './fixtures.ts';
import {
  bearer,
  expectHeading,
  openBrowserAs,
  postJob,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
  type Account,
} from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';
import type { APIRequestContext } from '@playwright/test';

/** The professional's proposal on the hourly project, accepted by its employer. */
async function hireHourly(request: APIRequestContext, employer: Account, professional: Account, jobId: string) {
  const proposed = await request.post('/api/proposals', {
    data: { job_id: jobId, proposal_text: 'I build bilingual booking sites.', proposed_rate: 150, estimated_hours: 20 },
    headers: bearer(professional),
  });
  expect(proposed.ok(), await proposed.text()).toBe(true);
  const { proposal } = (await proposed.json()) as { proposal: { id: string } };
  expect((await request.put(`/api/proposals/${proposal.id}/accept`, { headers: bearer(employer) })).ok()).toBe(true);
}

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test(`a professional times a task on an hourly project; the clock survives a reload and the entry lists in its week (${language})${phoneInArabic(language)}`, async ({
    page,
    browser,
    request,
  }) => {
    const text = textsIn(language);
    const employer = await registerEmployer(request);
    const professional = await registerUser(request, { first_name: 'Noura', last_name: 'Al Suwaidi' });
    const title = `Clinic booking site ${uniqueWord('clinic')}`;
    const job = await postJob(request, employer, { title, project_type: 'hourly', budget_min: 100, budget_max: 200 });
    const proposed = await request.post('/api/proposals', {
      data: { job_id: job.id, proposal_text: 'I build bilingual booking sites.', proposed_rate: 150, estimated_hours: 20 },
      headers: { authorization: `Bearer ${professional.token}` },
    });
    expect(proposed.ok(), await proposed.text()).toBe(true);
    const { proposal } = (await proposed.json()) as { proposal: { id: string } };
    expect(
      (await request.put(`/api/proposals/${proposal.id}/accept`, { headers: { authorization: `Bearer ${employer.token}` } })).ok(),
    ).toBe(true);

    await useLanguage(page, language);
    await signIn(page, professional);
    await page.goto('/dashboard');
    await page
      .getByRole('main')
      .getByRole('link', { name: text('auth', 'dashboard.time_tracker') })
      .click();
    await expect(page).toHaveURL('/time-tracker');
    await expectHeading(page, text('time', 'title'));
    const main = page.getByRole('main');

    // The project is the only hourly one in progress: chosen already. A description is needed first.
    await expect(main.getByLabel(text('time', 'job'))).toHaveValue(job.id);
    await main.getByRole('button', { name: text('time', 'start') }).click();
    await expect(main.getByText(textsIn(language)('validation', 'This field is required'))).toBeVisible();
    await main.getByLabel(text('time', 'description')).fill('تصميم نموذج الحجز');
    await main.getByRole('button', { name: text('time', 'start') }).click();
    await expect(main.getByText(text('time', 'running_on', { job: `\u2068${title}\u2069` }))).toBeVisible();
    const timer = main.getByRole('form', { name: text('time', 'timer') });
    const clock = timer.getByRole('timer');
    await expect(clock).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });

    // A reload keeps the clock running from the server's start time.
    await page.waitForTimeout(1_200);
    await page.reload();
    await expect(timer.getByRole('timer')).toHaveText(/^00:00:0[2-9]$/);

    await main.getByLabel(text('time', 'description')).fill('تصميم نموذج الحجز واختباره');
    await main.getByRole('button', { name: text('time', 'stop') }).click();
    await expect(main.getByRole('button', { name: text('time', 'start') })).toBeVisible();
    const entries = main.getByRole('region', { name: new RegExp(text('time', 'week', { start: '.+', end: '.+' })) });
    await expect(entries.getByText('تصميم نموذج الحجز واختباره')).toBeVisible();
    await expect(entries.getByText(title)).toBeVisible();

    // The employer sees the same entry on the project's payment page, in its week.
    const employerPage = await openBrowserAs(browser, employer);
    await useLanguage(employerPage, language);
    await employerPage.goto(`/projects/${job.id}/payment`);
    const worked = employerPage.getByRole('main').getByRole('region', { name: text('time', 'job_time.title') });
    await expect(worked.getByText('تصميم نموذج الحجز واختباره')).toBeVisible();
    await employerPage.context().close();
  });
}

test('on a phone in Arabic, an English project title reads from its start, and a running entry ticks in the list @phone-only', async ({
  page,
  request,
}) => {
  const text = textsIn('ar');
  const employer = await registerEmployer(request);
  const professional = await registerUser(request, { first_name: 'عبدالله', last_name: 'الحمادي' });
  const title = `Bilingual booking website for a Dubai dental clinic with SMS reminders ${uniqueWord('clinic')}`;
  const job = await postJob(request, employer, { title, project_type: 'hourly', budget_min: 100, budget_max: 200 });
  await hireHourly(request, employer, professional, job.id);

  await useLanguage(page, 'ar');
  await signIn(page, professional);
  await page.goto('/time-tracker');
  await expectHeading(page, text('time', 'title'));
  const main = page.getByRole('main');

  // The chosen project is shown in its own direction, so the field holds the title's start.
  const project = main.getByLabel(text('time', 'job'));
  await expect(project).toHaveValue(job.id);
  expect(await project.locator('option:checked').evaluate((option) => getComputedStyle(option).direction)).toBe('ltr');

  await main.getByLabel(text('time', 'description')).fill('Homepage layout and booking form for the clinic in Jumeirah');
  await main.getByRole('button', { name: text('time', 'start') }).click();
  const entries = main.getByRole('region', { name: new RegExp(text('time', 'week', { start: '.+', end: '.+' })) });
  const listed = entries.getByRole('listitem');

  // The entry runs: its clock ticks in the list as the timer's does.
  const clock = listed.getByRole('timer', { name: text('time', 'clock_label') });
  await expect(clock).toHaveText(/^00:00:0[0-9]$/);
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first!, { timeout: 3_000 });
  await expect(listed.getByText(text('time', 'running'))).toBeVisible();

  // Too long for the phone, the title and the task are cut at their end: their first letters are on screen.
  for (const shown of [listed.getByText(title), listed.getByText('Homepage layout and booking form for the clinic in Jumeirah')]) {
    await expect(shown).toBeVisible();
    const cut = await shown.evaluate((element) => {
      const range = document.createRange();
      range.setStart(element.firstChild!, 0);
      range.setEnd(element.firstChild!, 1);
      const letter = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { isCut: element.scrollWidth > element.clientWidth, startShows: letter.left >= box.left - 1 && letter.right <= box.right + 1 };
    });
    expect(cut).toEqual({ isCut: true, startShows: true });
  }
});
