import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  count,
  expectHeading,
  isolated,
  jobTotal,
  notificationBell,
  openBrowserAs,
  postJob,
  registerEmployer,
  registerUser,
  signIn,
  uniqueWord,
} from './marketplace.ts';

/** The search card of one project, found by its title. */
const cardOf = (page: Page, title: string) => page.getByRole('main').getByRole('article').filter({ hasText: title });

/** The results line under the page title: '{N} projects found'. */
const foundLine = (page: Page) => page.getByRole('main').getByText(/^[\d,]+ projects? found$/);

async function expectOnlyCard(page: Page, title: string) {
  await expect(foundLine(page)).toHaveText('1 project found');
  await expect(cardOf(page, title)).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
}

async function expectEmpty(page: Page, heading: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(0);
  await expect(foundLine(page)).toHaveCount(0);
}

test.describe('posting a project', () => {
  test('an employer posts a local-service project: cascades, the cash rule, success and the dashboard', async ({ page, request }) => {
    const employer = await registerEmployer(request);
    await signIn(page, employer);
    const title = `Majlis lighting repair ${uniqueWord('post')}`;

    await page.goto('/post-job');
    await expectHeading(page, 'Post a Project');
    const main = page.getByRole('main');
    await main.getByLabel('Project Title').fill(title);
    await main
      .getByLabel('Project Description')
      .fill('Replace the dimmers and two faulty light fittings in a majlis, then test every circuit.');
    await main.getByLabel('Skills Required').fill('Electrician, Lighting');
    await main.getByRole('radio', { name: 'Hourly' }).check();

    // Industry → service category → service: each choice clears what depended on the old one.
    const industry = main.getByLabel('Industry', { exact: true });
    const category = main.getByLabel('Service Category', { exact: true });
    const service = main.getByLabel('Service', { exact: true });
    await expect(category).toHaveCount(0);
    await industry.selectOption({ label: 'Local Services' });
    await expect(category).toBeVisible();
    await expect(service).toBeDisabled();
    await category.selectOption({ label: 'Trade Services' });
    await service.selectOption({ label: 'Plumber' });
    await category.selectOption({ label: 'Cleaning Services' });
    await expect(service).toHaveValue('');
    await service.selectOption({ label: 'AC Duct Cleaning' });
    await industry.selectOption({ label: 'Real Estate' });
    await expect(category).toHaveCount(0);
    await expect(service).toHaveCount(0);
    await industry.selectOption({ label: 'Local Services' });
    await expect(category).toHaveValue('');
    await expect(service).toHaveValue('');
    await expect(service).toBeDisabled();
    await category.selectOption({ label: 'Trade Services' });
    await service.selectOption({ label: 'Electrician' });

    // Cash is for the same emirate only: not offered until an emirate is chosen, withdrawn when it is cleared.
    const cash = main.getByRole('radio', { name: 'Cash (same emirate only)' });
    const escrow = main.getByRole('radio', { name: 'Escrow (recommended)' });
    await expect(escrow).toBeChecked();
    await expect(cash).toBeDisabled();
    await expect(main.getByText('Choose an emirate to allow cash payment', { exact: false })).toBeVisible();
    await expect(main.getByLabel('City', { exact: true })).toBeDisabled();
    await main.getByLabel('Emirate', { exact: true }).selectOption({ label: 'Dubai' });
    await expect(cash).toBeEnabled();
    await cash.check();
    await main.getByLabel('Emirate', { exact: true }).selectOption('');
    await expect(cash).toBeDisabled();
    await expect(escrow).toBeChecked();
    await main.getByLabel('Emirate', { exact: true }).selectOption({ label: 'Dubai' });
    await main.getByLabel('City', { exact: true }).selectOption({ label: 'Jebel Ali' });
    await cash.check();

    await main.getByLabel('Minimum Budget (AED/hr)').fill('800');
    await main.getByLabel('Maximum Budget (AED/hr)').fill('1200');
    await main.getByLabel('Mark as urgent').check();
    await main.getByRole('button', { name: 'Post Project' }).click();

    await expect(main.getByText('Project posted successfully!')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL('/dashboard', { timeout: 6000 });
    expect(Date.now() - shownAt, 'the success message stays for about two seconds').toBeGreaterThan(1500);
    await expectHeading(page, `Welcome, ${employer.firstName}`);

    // The new project is in the search at once, with what was chosen.
    await page.goto(`/projects?q=${encodeURIComponent(title)}`);
    await expectOnlyCard(page, title);
    const card = cardOf(page, title);
    for (const text of [
      'URGENT',
      'Hourly',
      'Cash Payment (Same Emirate Only)',
      'AED 800 - 1,200',
      'Dubai',
      'Jebel Ali',
      'Local Services',
    ]) {
      await expect(card).toContainText(text);
    }
  });
});

test.describe('finding projects', () => {
  test('each filter narrows the search to a posted project, with the card, empty states and sorting @phone', async ({ page, request }) => {
    test.setTimeout(90_000);
    const employer = await registerEmployer(request);
    const word = uniqueWord('duct');
    const skill = uniqueWord('skill');
    const job = await postJob(request, employer, {
      title: `AC duct sanitising for a villa ${word}`,
      skills_required: `AC Duct Cleaning, Disinfection, ${skill}`,
      industry_category: 'local_services',
      local_service_category: 'cleaning_services',
      local_service_subcategory: 'ac_duct_cleaning',
      budget_min: 1500,
      budget_max: 3000,
      payment_method: 'cash',
      is_urgent: true,
      location_required: true,
    });
    const main = page.getByRole('main');

    await page.goto('/projects');
    await expectHeading(page, 'Find Projects in GCC');
    await expect(foundLine(page)).toHaveText(`${count(await jobTotal(request))} projects found`);

    // Text search applies once typing pauses, without pressing Search.
    const search = main.getByLabel('Search', { exact: true });
    await search.pressSequentially(word, { delay: 30 });
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expectOnlyCard(page, job.title);

    const card = cardOf(page, job.title);
    for (const badge of ['URGENT', 'Hourly', 'Cash Payment (Same Emirate Only)', 'On-site Required', 'Local Services', 'Dubai']) {
      await expect(card).toContainText(badge);
    }
    await expect(card.getByText('AED 1,500 - 3,000/hr', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('1,500.00');
    await expect(card.getByRole('heading', { name: job.title })).toBeVisible();
    const details = card.getByRole('link', { name: `View Details: ${job.title}` });
    await expect(details).toHaveText('View Details');
    await expect(details).toHaveAttribute('href', `/projects/${job.id}`);

    // Project type.
    const projectType = main.getByLabel('Project Type');
    await projectType.selectOption({ label: 'Fixed Price' });
    await expectEmpty(page, 'No projects found');
    await projectType.selectOption({ label: 'Hourly' });
    await expectOnlyCard(page, job.title);

    // Country, then emirate.
    await main.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
    await expectHeading(page, 'Find Projects in UAE');
    await expectOnlyCard(page, job.title);
    await main.getByLabel('Emirate', { exact: true }).selectOption({ label: 'Sharjah' });
    await expectEmpty(page, 'No projects found in UAE');
    await main.getByLabel('Emirate', { exact: true }).selectOption({ label: 'Dubai' });
    await expectOnlyCard(page, job.title);

    // Industry, and the local service category and service it brings.
    const industry = main.getByLabel('Industry');
    await industry.selectOption({ label: 'Technology & IT' });
    await expectEmpty(page, 'No projects found in UAE');
    await industry.selectOption({ label: 'Local Services' });
    await expectOnlyCard(page, job.title);
    await main.getByLabel('Service Category').selectOption({ label: 'Trade Services' });
    await expectEmpty(page, 'No projects found in UAE');
    await main.getByLabel('Service Category').selectOption({ label: 'Cleaning Services' });
    await main.getByLabel('Service', { exact: true }).selectOption({ label: 'AC Duct Cleaning' });
    await expect(page).toHaveURL(/local_service_subcategory=ac_duct_cleaning/);
    await expectOnlyCard(page, job.title);

    // Budget: the project's range (AED 1,500 - 3,000) must reach into the one asked for.
    const minBudget = main.getByLabel('Min Budget');
    const maxBudget = main.getByLabel('Max Budget');
    await minBudget.fill('3500');
    await expectEmpty(page, 'No projects found in UAE');
    await minBudget.fill('2000');
    await expectOnlyCard(page, job.title);
    // A maximum below the minimum is named on its field, not answered with an empty list.
    await maxBudget.fill('1000');
    await expect(main.getByText('Maximum budget must be at least the minimum budget')).toBeVisible();
    await expect(main.getByText('Please check the highlighted filters.')).toBeVisible();
    await expect(maxBudget).toHaveAttribute('aria-invalid', 'true');
    await maxBudget.fill('-5');
    await expect(main.getByText('Must be at least 0')).toBeVisible();
    await maxBudget.fill('2500');
    await expect(page).toHaveURL(/max_budget=2500/);
    await expectOnlyCard(page, job.title);

    // Every sort keeps the match.
    const sort = main.getByLabel('Sort By');
    for (const [label, value] of [
      ['Highest Budget', 'budget'],
      ['Least Competition', 'proposal_count'],
    ] as const) {
      await sort.selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`sort_by=${value}`));
      await expectOnlyCard(page, job.title);
    }
    await sort.selectOption({ label: 'Latest First' });
    await expect(page).not.toHaveURL(/sort_by=/);

    // Clear All Filters, then the skills keyword alone.
    await main.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(search).toHaveValue('');
    await expectHeading(page, 'Find Projects in GCC');
    await main.getByLabel('Keywords (skills)').fill(skill);
    await expect(page).toHaveURL(new RegExp(`skills=${skill}`));
    await expectOnlyCard(page, job.title);

    // The empty state's Show All Projects brings every project back.
    await main.getByLabel('Keywords (skills)').fill(`${skill}x`);
    await expectEmpty(page, 'No projects found');
    await main.getByRole('button', { name: 'Show All Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(main.getByLabel('Keywords (skills)')).toHaveValue('');
    await expect(foundLine(page)).toHaveText(`${count(await jobTotal(request))} projects found`);
  });

  test('the sort options order the cards the way the search answers them', async ({ page, request }) => {
    const main = page.getByRole('main');
    type Answer = { jobs: { title: string; budget_max_usd: number; proposal_count: number; featured_until: string | null }[] };
    for (const sortBy of ['budget', 'proposal_count', 'created_at'] as const) {
      const answer = (await (
        await request.get('/api/search/jobs', { params: { country: 'AE', sort_by: sortBy, limit: '20' } })
      ).json()) as Answer;
      await page.goto(`/projects?country=AE${sortBy === 'created_at' ? '' : `&sort_by=${sortBy}`}`);
      await expectHeading(page, 'Find Projects in UAE');
      await expect(main.getByRole('article').first()).toBeVisible();
      await expect(main.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(answer.jobs.map((job) => job.title));

      // Featured projects come first; the rest follow the chosen order.
      const now = Date.now();
      const rest = answer.jobs.filter((job) => job.featured_until === null || Date.parse(job.featured_until) <= now);
      const keys = rest.map((job) => (sortBy === 'budget' ? -job.budget_max_usd : job.proposal_count));
      if (sortBy !== 'created_at') expect(keys).toEqual([...keys].sort((first, second) => first - second));
    }
    // The featured demo projects carry their badge at the top of the default search.
    await page.goto('/projects');
    await expect(main.getByRole('article').first()).toContainText('FEATURED');
    // Twenty at a time.
    await expect(main.getByRole('article')).toHaveCount(20);
    await main.getByRole('button', { name: 'Load More Projects' }).click();
    await expect(main.getByRole('article')).toHaveCount(40);
  });

  test('a link can open the search for a country or a city, and a country without matches says so', async ({ page }) => {
    const main = page.getByRole('main');
    await page.goto('/projects?country=SA');
    await expectHeading(page, 'Find Projects in Saudi Arabia');
    await expect(main.getByLabel('Country')).toHaveValue('SA');
    await expect(main.getByLabel('Region')).toHaveValue('');
    await expect(main.getByText('Discover opportunities across the Gulf region')).toBeVisible();
    await expect(main.getByRole('article').first()).toContainText('SAR');

    await page.goto('/projects?country=AE&emirate=dubai&city=jebel_ali');
    await expectHeading(page, 'Find Projects in UAE');
    await expect(main.getByLabel('Emirate', { exact: true })).toHaveValue('dubai');
    await expect(main.getByLabel('Search', { exact: true })).toHaveValue('Jebel Ali');

    await page.goto('/projects?city=jebel_ali');
    await expectHeading(page, 'Find Projects in GCC');
    await expect(main.getByLabel('Search', { exact: true })).toHaveValue('Jebel Ali');

    await page.goto(`/projects?country=SA&q=${uniqueWord('nothing')}`);
    await expectEmpty(page, 'No projects found in Saudi Arabia');
    await main.getByRole('button', { name: 'Show All Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expectHeading(page, 'Find Projects in GCC');
    await expect(main.getByRole('article').first()).toBeVisible();
  });

  test('the project search reads in Arabic, right to left', async ({ page }) => {
    await page.goto('/projects');
    await expectHeading(page, 'Find Projects in GCC');
    await page.getByRole('banner').getByRole('button', { name: 'العربية' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expectHeading(page, 'ابحث عن مشاريع في دول الخليج');
    const main = page.getByRole('main');
    // The count in the form Arabic gives it: one, two, a few, many.
    await expect(main.getByText(/^تم العثور على (مشروع واحد|مشروعين|[\d,]+ (مشاريع|مشروعًا|مشروع))$/)).toBeVisible();
    await expect(main.getByRole('search', { name: 'تصفية المشاريع' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'ابحث عن المشاريع' })).toBeVisible();
    await expect(main.getByRole('article').first().getByRole('link').last()).toHaveText('عرض التفاصيل');

    await main.getByLabel('الدولة').selectOption('SA');
    await expectHeading(page, 'ابحث عن مشاريع في المملكة العربية السعودية');
  });

  test('projects near me: the browser’s position, nearest first, a wider radius, then anywhere again, in English and Arabic @phone', async ({
    page,
    context,
    request,
  }) => {
    const employer = await registerEmployer(request);
    const word = uniqueWord('near');
    // From Dubai Marina, to two decimals (25.08, 55.14): Jebel Ali is 9.2 km away, Dubai's centre 19.1 km, Sharjah 40.9 km
    // (cards round them: about 9 and 19 km).
    await postJob(request, employer, { title: `Sharjah fit-out ${word}`, emirate: 'sharjah', city: 'sharjah' });
    await postJob(request, employer, { title: `Dubai fit-out ${word}`, emirate: 'dubai', city: 'dubai' });
    await postJob(request, employer, { title: `Jebel Ali fit-out ${word}`, emirate: 'dubai', city: 'jebel_ali' });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 25.0805, longitude: 55.1403, accuracy: 20 });
    const main = page.getByRole('main');
    await page.goto(`/projects?q=${word}`);
    await expect(main.getByRole('article')).toHaveCount(3);
    await main.getByRole('button', { name: 'Projects near me' }).click();
    await expect(page).toHaveURL(/near_lat=25\.08&near_lng=55\.14&radius_km=25&sort_by=distance/);
    await expect(main.getByLabel('Sort By')).toHaveValue('distance');
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Jebel Ali fit-out ${word}`);
    await expect(cards.nth(0)).toContainText('About 9 km away');
    await expect(cards.nth(1)).toContainText('About 19 km away');
    await expect(main.getByText('2 projects within 25 km of you')).toBeVisible();
    await main.getByLabel('Distance').selectOption('50');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(2)).toContainText(`Sharjah fit-out ${word}`);

    await page.getByRole('banner').getByRole('button', { name: 'العربية' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(main.getByLabel('المسافة')).toHaveValue('50');
    await expect(main.getByLabel('الترتيب حسب')).toHaveValue('distance');
    await expect(cards.nth(0)).toContainText('على بعد 9 كم تقريبًا');
    await main.getByRole('button', { name: 'ابحث في أي مكان، لا بالقرب من موقعك' }).click();
    await expect(page).toHaveURL(`/projects?q=${word}`);
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).not.toContainText('على بعد');
  });
});

test.describe('proposals', () => {
  test('a professional proposes, the employer accepts, and the bell tells the professional @phone', async ({ page, browser, request }) => {
    test.setTimeout(60_000);
    const employer = await registerEmployer(request);
    const professional = await registerUser(request, { first_name: 'Saeed', last_name: 'Al Ketbi' });
    const job = await postJob(request, employer, {
      title: `Kitchen rewiring ${uniqueWord('wire')}`,
      payment_method: 'cash',
    });
    await signIn(page, professional);
    const main = page.getByRole('main');

    // The professional finds the project and opens it.
    await page.goto('/projects');
    await expectHeading(page, 'Find Projects in GCC');
    await main.getByLabel('Search', { exact: true }).fill(job.title);
    await expect(page).toHaveURL(/[?&]q=/);
    await expectOnlyCard(page, job.title);
    await cardOf(page, job.title)
      .getByRole('link', { name: `View Details: ${job.title}` })
      .click();
    await expect(page).toHaveURL(`/projects/${job.id}`);
    await expectHeading(page, job.title);
    await expect(main.getByText('Open', { exact: true })).toBeVisible();

    // The proposal: an hourly project's rate is per hour, in the project's currency.
    const proposal = main.getByLabel('Proposal', { exact: true });
    await main.getByRole('button', { name: 'Submit Proposal' }).click();
    await expect(main.getByText('This field is required').first()).toBeVisible();
    await proposal.fill('I rewired three kitchens in Jebel Ali this year; I can start on Sunday and finish in two days.');
    await main.getByLabel('Proposed Rate (AED/hr)').fill('45');
    await main.getByLabel('Estimated Hours (optional)').fill('16');
    await main.getByRole('button', { name: 'Submit Proposal' }).click();
    await expect(main.getByText('Proposal submitted successfully!')).toBeVisible();
    // The form is cleared and not offered again.
    await expect(main.getByRole('button', { name: 'Submit Proposal' })).toHaveCount(0);
    await expect(proposal).toHaveCount(0);

    // A second proposal is not offered after a reload, and the server refuses one.
    await page.reload();
    await expectHeading(page, job.title);
    const own = main.getByTestId('own-proposal');
    await expect(own).toContainText('Pending');
    await expect(own).toContainText('AED 45/hr');
    await expect(main.getByRole('button', { name: 'Submit Proposal' })).toHaveCount(0);
    const again = await request.post('/api/proposals', {
      headers: { authorization: `Bearer ${professional.token}` },
      data: { job_id: job.id, proposal_text: 'Once more.', proposed_rate: 40 },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe('You have already submitted a proposal for this project');
    await expect(notificationBell(page)).toHaveAccessibleName('Notifications');

    // The employer sees the proposal and accepts it.
    const employerPage = await openBrowserAs(browser, employer);
    const employerMain = employerPage.getByRole('main');
    await employerPage.goto(`/projects/${job.id}`);
    await expectHeading(employerPage, job.title);
    await expect(employerMain.getByRole('heading', { name: 'Proposals (1)' })).toBeVisible();
    const item = employerMain.getByRole('listitem').filter({ hasText: 'Saeed Al Ketbi' });
    await expect(item).toContainText('AED 45/hr');
    await expect(item).toContainText('16');
    await item.getByRole('button', { name: 'Accept Proposal' }).click();
    const confirmation = employerPage.getByRole('dialog', { name: 'Accept this proposal?' });
    await expect(confirmation).toContainText('You are hiring Saeed Al Ketbi at AED 45/hr.');
    await confirmation.getByRole('button', { name: 'Accept Proposal' }).click();
    await expect(employerMain.getByText('Proposal accepted successfully!')).toBeVisible();
    await expect(item.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Accept Proposal' })).toHaveCount(0);
    await expect(employerMain.getByText('Assigned', { exact: true })).toBeVisible();
    await employerPage.context().close();

    // The professional's bell counts the acceptance; opening it reads it and goes to the project.
    await page.goto('/projects');
    await expectHeading(page, 'Find Projects in GCC');
    const bell = notificationBell(page);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell.getByTestId('notification-count')).toHaveText('1');
    await bell.click();
    const menu = page.getByRole('menu');
    const entry = menu.getByRole('menuitem').filter({ hasText: 'Proposal accepted' });
    await expect(entry).toContainText(isolated`${employer.companyName!} accepted your proposal for "${job.title}".`);
    await expect(entry).toContainText('Unread:');
    await entry.click();
    await expect(page).toHaveURL(`/projects/${job.id}`);
    await expectHeading(page, job.title);
    await expect(main.getByText('Assigned', { exact: true })).toBeVisible();
    await expect(main.getByText('You were hired for this project: the client accepted your proposal.')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(bell.getByTestId('notification-count')).toHaveCount(0);

    // Read stays read after a reload.
    await page.reload();
    await expectHeading(page, job.title);
    await expect(notificationBell(page)).toHaveAccessibleName('Notifications');
    await notificationBell(page).click();
    await expect(page.getByRole('menu').getByRole('menuitem').filter({ hasText: 'Proposal accepted' })).not.toContainText('Unread:');
  });
});
