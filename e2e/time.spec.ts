import { expect, test } from './fixtures.ts';
import { expectHeading, openBrowserAs, postJob, registerEmployer, registerUser, signIn, uniqueWord } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

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
    await expect(main.getByText(text('time', 'running_on', { job: title }))).toBeVisible();
    const clock = main.getByRole('timer');
    await expect(clock).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });

    // A reload keeps the clock running from the server's start time.
    await page.waitForTimeout(1_200);
    await page.reload();
    await expect(main.getByRole('timer')).toHaveText(/^00:00:0[2-9]$/);

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
