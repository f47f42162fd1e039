import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  count,
  expectHeading,
  isolated,
  LAYLA_EMAIL,
  logIn,
  notificationBell,
  OMAR_EMAIL,
  openBrowserAs,
  postJob,
  professionalTotal,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
} from './marketplace.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** '{N} professionals found', with N as the search API counts it for the same filters. */
async function expectTotal(page: Page, total: number) {
  const line = page.getByRole('main').getByText(/^\d[\d,]* professionals? found$/);
  await expect(line).toHaveText(total === 1 ? '1 professional found' : `${count(total)} professionals found`);
}

/** The hourly rates (AED) printed on the cards, in order. */
async function cardRates(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').getByRole('article').allTextContents();
  return texts.flatMap((text) => {
    const match = /AED\s?([\d,]+(?:\.\d+)?)\/hr/.exec(text);
    return match ? [Number(match[1]!.replace(/,/g, ''))] : [];
  });
}

test.describe('finding professionals', () => {
  test('filters narrow the professionals, the total follows, Load More and the empty state', async ({ page, request }) => {
    test.setTimeout(90_000);
    const main = page.getByRole('main');
    const cards = main.getByRole('article');

    await page.goto('/professionals');
    await expectHeading(page, 'Find Professionals');
    const everyone = await professionalTotal(request);
    expect(everyone).toBeGreaterThan(40);
    await expectTotal(page, everyone);
    await expect(cards).toHaveCount(20);
    await main.getByRole('button', { name: 'Load More Professionals' }).click();
    await expect(cards).toHaveCount(40);

    // Text search applies once typing pauses.
    await main.getByLabel('Search', { exact: true }).pressSequentially('Layla', { delay: 30 });
    await expect(page).toHaveURL(/[?&]q=Layla/);
    await expectTotal(page, await professionalTotal(request, { q: 'Layla' }));
    await expect(cards.filter({ hasText: 'Layla Haddad' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Layla Haddad' }).getByRole('link', { name: 'View Profile: Layla Haddad' })).toBeVisible();
    await main.getByLabel('Search', { exact: true }).fill('');
    await expect(page).toHaveURL('/professionals');
    await expectTotal(page, everyone);

    // Country, then its region.
    await main.getByLabel('Country').selectOption({ label: 'Saudi Arabia' });
    await expect(page).toHaveURL(/country=SA/);
    const inSaudi = await professionalTotal(request, { country: 'SA' });
    expect(inSaudi).toBeLessThan(everyone);
    await expectTotal(page, inSaudi);
    await main.getByLabel('Region').selectOption({ label: 'Riyadh' });
    await expect(page).toHaveURL(/region=riyadh/);
    const inRiyadh = await professionalTotal(request, { country: 'SA', region: 'riyadh' });
    expect(inRiyadh).toBeGreaterThan(0);
    expect(inRiyadh).toBeLessThanOrEqual(inSaudi);
    await expectTotal(page, inRiyadh);
    // The cards settle on the same answer as the total (a snapshot of them could still be the last answer's).
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: 'Riyadh' })).toHaveCount(0);

    // Industry.
    await main.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
    await expect(main.getByLabel('Emirate')).toHaveValue('');
    await main.getByLabel('Industry').selectOption({ label: 'Technology & IT' });
    await expect(page).toHaveURL(/industry_category=technology_it/);
    const techInUae = await professionalTotal(request, { country: 'AE', industry_category: 'technology_it' });
    expect(techInUae).toBeGreaterThan(0);
    expect(techInUae).toBeLessThan(await professionalTotal(request, { country: 'AE' }));
    await expectTotal(page, techInUae);
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: 'Technology & IT' })).toHaveCount(0);

    // Hourly rate, in dirhams for the UAE.
    await main.getByLabel('Industry').selectOption('');
    await main.getByLabel('Minimum hourly rate').fill('100');
    await main.getByLabel('Maximum hourly rate').fill('200');
    await expect(page).toHaveURL(/max_rate=200/);
    await expectTotal(page, await professionalTotal(request, { country: 'AE', min_rate: '100', max_rate: '200' }));
    const rates = await cardRates(page);
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) expect(rate >= 100 && rate <= 200, `AED ${rate}/hr is within 100-200`).toBe(true);

    // Sort by lowest rate.
    await main.getByLabel('Sort by').selectOption({ label: 'Lowest Rate' });
    await expect(page).toHaveURL(/sort_by=rate/);
    // The cheapest first: in order, and none dearer than the cheapest of the page before (other journeys on this
    // server add professionals, so the first page need not hold the same ones).
    await expect
      .poll(async () => {
        const sorted = await cardRates(page);
        return (
          sorted.length > 0 && sorted.every((rate, index) => index === 0 || sorted[index - 1]! <= rate) && sorted[0]! <= Math.min(...rates)
        );
      })
      .toBe(true);

    // No match: the empty state, named after the country when one is chosen, and Show All Professionals.
    const nothing = uniqueWord('nobody');
    await main.getByLabel('Search', { exact: true }).fill(nothing);
    await expect(main.getByRole('heading', { name: 'No professionals found in United Arab Emirates' })).toBeVisible();
    await expect(cards).toHaveCount(0);
    await main.getByLabel('Country').selectOption('');
    await expect(main.getByRole('heading', { name: 'No professionals found', exact: true })).toBeVisible();
    await main.getByRole('button', { name: 'Show All Professionals' }).click();
    await expect(page).toHaveURL('/professionals');
    await expect(main.getByLabel('Search', { exact: true })).toHaveValue('');
    await expect(main.getByLabel('Minimum hourly rate')).toHaveValue('');
    await expectTotal(page, everyone);
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
  });
});

test.describe('profiles', () => {
  test("Layla's profile: header, skills, stats, the four tabs, and Edit Profile only for her", async ({ page, browser, request }) => {
    const layla = await logIn(request, LAYLA_EMAIL);
    const omar = await logIn(request, OMAR_EMAIL);
    const main = page.getByRole('main');

    await page.goto(`/professionals/${layla.id}`);
    await expectHeading(page, 'Layla Haddad');
    await expect(main.getByText('Product designer in Dubai.', { exact: false })).toBeVisible();
    await expect(main.getByText('Design & Creative')).toBeVisible();
    for (const skill of ['UX Design', 'Figma', 'Arabic Typography'])
      await expect(main.getByText(skill, { exact: true }).first()).toBeVisible();
    for (const stat of ['Verified Rating', 'Projects Completed', 'Repeat Clients', 'Hourly Rate']) {
      await expect(main.getByText(stat, { exact: true })).toBeVisible();
    }
    // Layla has not completed a project on Mihna yet: no success rate is claimed for her.
    await expect(main.getByText('100% Success Rate', { exact: true })).toHaveCount(0);
    await expect(main.getByText('AED 220/hr')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Invite to Job' })).toHaveCount(0);

    const tabs = main.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Portfolio', 'Reviews', 'Skills']);
    await expect(main.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('tabpanel')).toContainText('Work Quality');
    await main.getByRole('tab', { name: 'Portfolio' }).click();
    await expect(main.getByRole('tabpanel').getByRole('heading', { name: 'No Projects Yet' })).toBeVisible();
    await expect(main.getByRole('tabpanel')).toContainText("This expert hasn't completed any verified projects yet.");
    await main.getByRole('tab', { name: 'Reviews' }).click();
    await expect(main.getByRole('tabpanel').getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
    await main.getByRole('tab', { name: 'Skills' }).click();
    await expect(main.getByRole('tabpanel')).toBeVisible();

    // The owner sees Edit Profile; an employer sees Invite to Job instead.
    const own = await openBrowserAs(browser, layla);
    await own.goto(`/professionals/${layla.id}`);
    await expectHeading(own, 'Layla Haddad');
    await expect(own.getByRole('main').getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit');
    await expect(own.getByRole('main').getByRole('button', { name: 'Invite to Job' })).toHaveCount(0);
    await own.context().close();

    const employer = await openBrowserAs(browser, omar);
    await employer.goto(`/professionals/${layla.id}`);
    await expectHeading(employer, 'Layla Haddad');
    await expect(employer.getByRole('main').getByRole('button', { name: 'Invite to Job' })).toBeVisible();
    await expect(employer.getByRole('main').getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    await employer.context().close();

    // The old expert address forwards to the profile; unknown ids say so.
    await page.goto(`/experts/${layla.id}`);
    await expect(page).toHaveURL(`/professionals/${layla.id}`);
    await expectHeading(page, 'Layla Haddad');
    await page.goto(`/professionals/${MISSING_ID}`);
    await expectHeading(page, 'Expert Not Found');
    await page.goto(`/professionals/${omar.id}`);
    await expectHeading(page, 'Expert Not Found');
  });

  test("Omar's employer profile: the company, its current jobs and the tabs", async ({ page, request }) => {
    const omar = await logIn(request, OMAR_EMAIL);
    const layla = await logIn(request, LAYLA_EMAIL);
    const profile = (await (await request.get(`/api/employers/${omar.id}/profile`)).json()) as {
      current_jobs: { id: string; title: string }[];
    };
    expect(profile.current_jobs.length).toBeGreaterThan(0);
    const main = page.getByRole('main');
    // A signed-in professional reads the profile (project pages need a login, as the route table says).
    await signIn(page, layla);

    await page.goto(`/employers/${omar.id}`);
    await expectHeading(page, 'Al Noor Properties');
    await expect(main.getByText('Omar Al Mansoori', { exact: true })).toBeVisible();
    await expect(main.getByText('A property developer and manager in Abu Dhabi', { exact: false })).toBeVisible();
    for (const stat of ['Projects Posted', 'Active Jobs', 'Repeat Hires', 'Total Spent', 'Verified Rating']) {
      await expect(main.getByText(stat, { exact: true })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    const tabs = main.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Current Jobs', 'Project History', 'Reviews']);

    await main.getByRole('tab', { name: 'Current Jobs' }).click();
    const panel = main.getByRole('tabpanel');
    for (const job of profile.current_jobs) {
      await expect(panel.getByRole('link', { name: job.title, exact: false })).toHaveAttribute('href', `/projects/${job.id}`);
    }
    await main.getByRole('tab', { name: 'Project History' }).click();
    await expect(main.getByRole('tabpanel')).toBeVisible();
    await main.getByRole('tab', { name: 'Reviews' }).click();
    await expect(main.getByRole('tabpanel').getByRole('heading', { name: 'No reviews yet' })).toBeVisible();

    // A current job opens its project.
    await main.getByRole('tab', { name: 'Current Jobs' }).click();
    const first = profile.current_jobs[0]!;
    await main.getByRole('tabpanel').getByRole('link', { name: first.title, exact: false }).click();
    await expect(page).toHaveURL(`/projects/${first.id}`);

    await page.goto(`/employers/${MISSING_ID}`);
    await expectHeading(page, 'Employer Not Found');
    await page.goto(`/employers/${layla.id}`);
    await expectHeading(page, 'Employer Not Found');
  });
});

test.describe('invitations', () => {
  test('an employer invites a professional to an open project and the bell tells the professional', async ({ page, browser, request }) => {
    test.setTimeout(60_000);
    const employer = await registerEmployer(request);
    const professional = await registerUser(request, { first_name: 'Reem', last_name: 'Al Nuaimi' });
    const older = await postJob(request, employer, { title: `Garden lighting ${uniqueWord('inv')}` });
    const job = await postJob(request, employer, { title: `Office rewiring ${uniqueWord('inv')}` });

    await signIn(page, employer);
    const main = page.getByRole('main');
    await page.goto(`/professionals/${professional.id}`);
    await expectHeading(page, 'Reem Al Nuaimi');
    await main.getByRole('button', { name: 'Invite to Job' }).click();

    const dialog = page.getByRole('dialog', { name: 'Invite to Job' });
    await expect(dialog).toContainText(isolated`Choose one of your open projects to invite ${'Reem Al Nuaimi'} to.`);
    const project = dialog.getByLabel('Project');
    await expect(project.locator('option')).toHaveText([job.title, older.title]);
    await project.selectOption({ label: job.title });
    await dialog.getByLabel('Message (optional)').fill('Your reviews on rewiring stood out; we would like you to quote.');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Invitation sent')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The same invitation again is refused.
    await main.getByRole('button', { name: 'Invite to Job' }).click();
    await dialog.getByLabel('Project').selectOption({ label: job.title });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('You have already invited this professional to this project')).toBeVisible();

    // The professional's bell shows the invitation and leads to the project.
    const invited = await openBrowserAs(browser, professional);
    await invited.goto('/dashboard');
    await expectHeading(invited, 'Welcome, Reem');
    const bell = notificationBell(invited);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await bell.click();
    const entry = invited.getByRole('menu').getByRole('menuitem').filter({ hasText: 'Invitation to a project' });
    await expect(entry).toContainText(isolated`${employer.companyName!} invited you to "${job.title}".`);
    await entry.click();
    await expect(invited).toHaveURL(`/projects/${job.id}`);
    await expectHeading(invited, job.title);
    await expect(bell).toHaveAccessibleName('Notifications');
    await invited.context().close();
  });
});
