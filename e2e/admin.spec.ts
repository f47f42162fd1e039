import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  bearer,
  consoleSignIn,
  DEMO_PASSWORD,
  DEMO_SUPER_ADMIN,
  fundEscrow,
  hire,
  jobTotal,
  postJob,
  registerEmployer,
  registerUser,
  uniqueWord,
} from './marketplace.ts';
import { textsIn, useLanguage, type Language } from './texts.ts';

/** Through the API: a hire, its escrow of AED 1,500 and 3,000 paid on the built-in gateway, and the employer's dispute. */
async function disputedProject(request: APIRequestContext) {
  const employer = await registerEmployer(request, { first_name: 'Sara', last_name: 'Al Nahyan' });
  const professional = await registerUser(request, { first_name: 'Karim', last_name: 'Haddad' });
  const job = await hire(request, employer, professional, {
    job: { title: `Café fit-out drawings ${uniqueWord('cafe')}`, budget_min: 3000, budget_max: 6000 },
    rate: 4500,
    text: 'I draw café fit-outs in Dubai.',
  });
  const paymentId = await fundEscrow(request, employer, job.id, [
    { title: 'Concept drawings', description: 'Layouts and mood boards', amount: 1500 },
    { title: 'Construction set', description: 'Drawings for the contractor', amount: 3000 },
  ]);
  const disputed = await request.post(`/api/payments/${paymentId}/dispute`, {
    data: { reason: 'Quality', description: 'The concept drawings miss the kitchen.' },
    headers: bearer(employer),
  });
  expect(disputed.ok(), await disputed.text()).toBe(true);
  return { title: job.title, employer, professional, jobId: job.id };
}

const openTab = async (page: Page, text: ReturnType<typeof textsIn>, tab: string) => {
  await page.getByRole('tab', { name: text('admin', `tabs.${tab}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('admin', `tabs.${tab}_title`) })).toBeVisible();
};

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`the admin console in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test('a super admin suspends a user with a reason, who is then refused at login with it, and takes down a project, which leaves search', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const text = textsIn(language);
      const surname = uniqueWord('Kaabi');
      const abuser = await registerEmployer(request, { first_name: 'Jassim', last_name: surname });
      const owner = await registerEmployer(request);
      const word = uniqueWord('pergola');
      const project = await postJob(request, owner, { title: `Garden ${word} build in Mirdif` });
      expect(await jobTotal(request, { q: word })).toBe(1);

      await useLanguage(page, language);
      await consoleSignIn(page, text, DEMO_SUPER_ADMIN, DEMO_PASSWORD);

      // Users: search (Enter), Manage → Suspend with a reason.
      await openTab(page, text, 'users');
      const users = page.getByRole('tabpanel');
      await users.getByRole('searchbox').fill(surname);
      await users.getByRole('searchbox').press('Enter');
      await expect(users.getByRole('button', { name: `Jassim ${surname}`, exact: true })).toBeVisible();
      await expect(users.getByRole('row')).toHaveCount(2);
      await users.getByRole('button', { name: text('admin', 'users.manage_label', { name: `Jassim ${surname}` }) }).click();
      await page.getByRole('menuitem', { name: text('admin', 'users.suspend') }).click();
      const dialog = page.getByRole('dialog');
      // With an empty reason nothing is sent.
      await dialog.getByRole('button', { name: text('admin', 'users.suspend') }).click();
      await expect(dialog.getByText(text('admin', 'users.reason_required'))).toBeVisible();
      await dialog.getByLabel(text('admin', 'users.reason')).fill('Repeated off-platform payment requests');
      await dialog.getByRole('button', { name: text('admin', 'users.suspend') }).click();
      await expect(dialog).toBeHidden();
      await expect(
        users.getByRole('status').filter({ hasText: text('admin', 'users.status_updated', { message: '' }).trim() }),
      ).toBeVisible();
      await expect(users.getByRole('row').nth(1)).toContainText(text('admin', 'status.suspended'));

      // The user is refused at login, with the reason.
      const context = await browser.newContext({ ...test.info().project.use, baseURL: page.url().replace(/\/admin.*$/, '') });
      const userPage = await context.newPage();
      await useLanguage(userPage, language);
      await userPage.goto('/login');
      const loginForm = userPage.getByRole('main').locator('form');
      await loginForm.getByRole('textbox', { name: text('auth', 'login.email') }).fill(abuser.email);
      await loginForm.locator('input[type=password]').fill('Marketplace2026');
      await loginForm.getByRole('button', { name: text('auth', 'login.submit') }).click();
      await expect(userPage.getByRole('alert')).toContainText('Repeated off-platform payment requests');
      await context.close();

      // Projects: find it, open it, suspend it with a reason; it leaves search.
      await openTab(page, text, 'projects');
      const projects = page.getByRole('tabpanel');
      await projects.getByRole('searchbox').fill(word);
      await projects.getByRole('searchbox').press('Enter');
      await projects.getByRole('button', { name: project.title }).click();
      const detail = page.getByRole('dialog', { name: project.title });
      await expect(detail.getByText(owner.email)).toBeVisible();
      await detail.getByLabel(text('admin', 'projects.manage'), { exact: true }).selectOption('suspended');
      await detail.getByLabel(text('admin', 'projects.reason')).fill('Listing copies another company’s photos');
      await detail.getByRole('button', { name: text('admin', 'projects.apply') }).click();
      const said = language === 'en' ? 'The project is now suspended' : 'أصبح المشروع موقوفًا مؤقتًا';
      await expect(detail.getByRole('status')).toHaveText(said);
      expect(await jobTotal(request, { q: word })).toBe(0);
      await detail
        .getByRole('button', { name: text('admin', 'common.close') })
        .first()
        .click();
      await expect(projects.getByRole('row').nth(1)).toContainText(text('admin', 'status.suspended'));

      // The share buttons open a new window (LinkedIn answered here: the journeys have no internet).
      await page.context().route('https://www.linkedin.com/**', (route) => route.fulfill({ contentType: 'text/html', body: 'LinkedIn' }));
      await projects.getByRole('button', { name: project.title }).click();
      const popup = page.waitForEvent('popup');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text('admin', 'projects.share_linkedin') })
        .click();
      expect((await popup).url()).toContain('linkedin.com');
    });

    test('a super admin downloads the time report, resolves a dispute by a split, creates a support_staff admin who can then change nothing, and changes the slogan the public header shows', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const text = textsIn(language);
      await useLanguage(page, language);
      await consoleSignIn(page, text, DEMO_SUPER_ADMIN, DEMO_PASSWORD);

      // Time tracking: the PDF report of the entries listed downloads, and the console says how many it holds.
      await openTab(page, text, 'timetracking');
      const timePanel = page.getByRole('tabpanel');
      await expect(timePanel.getByRole('row').nth(1)).toBeVisible();
      const download = page.waitForEvent('download');
      await timePanel.getByRole('button', { name: text('admin', 'timetracking.generate') }).click();
      expect((await download).suggestedFilename()).toBe('time_tracking_report.pdf');
      // Whichever plural form the number of entries takes, in either language.
      const generated = new RegExp(
        ['zero', 'one', 'two', 'few', 'many', 'other']
          .map((form) => text('admin', `timetracking.generated_${form}`, { n: '\\d+' }).replace(/[!.]/g, (sign) => `\\${sign}`))
          .join('|'),
      );
      await expect(timePanel.getByRole('status').filter({ hasText: generated })).toBeVisible();

      // Disputes: split the money held with a note; both parties are told.
      const dispute = await disputedProject(request);
      await openTab(page, text, 'disputes');
      const card = page.getByRole('article').filter({ hasText: dispute.title });
      await card.getByRole('radio', { name: text('admin', 'disputes.decision_split') }).check();
      await card.getByLabel(text('admin', 'disputes.release_amount', { currency: 'AED' })).fill(language === 'ar' ? '١٥٠٠' : '1500');
      await card.getByLabel(text('admin', 'disputes.note')).fill('The concepts were delivered; the construction set was not started.');
      await card.getByRole('button', { name: text('admin', 'disputes.resolve') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text('admin', 'disputes.resolve') })
        .click();
      await expect(page.getByRole('article').filter({ hasText: dispute.title })).toHaveCount(0);
      // The tab says what happened, naming the project, once its card has left the list.
      await expect(page.getByText(dispute.title)).toBeVisible();
      const after = (await (
        await request.get(`/api/jobs/${dispute.jobId}/payment-status`, { headers: bearer(dispute.professional) })
      ).json()) as {
        payment_status: string;
        released_amount: number;
        held_amount: number;
      };
      expect(after).toMatchObject({ payment_status: 'released', released_amount: 1500, held_amount: 0 });

      await openTab(page, text, 'admins');
      const email = `${uniqueWord('support')}@mihna.ae`.toLowerCase();
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: text('admin', 'admins.create') }) });
      await form.getByLabel(text('admin', 'admins.email')).fill(email);
      await form.getByLabel(text('admin', 'admins.password')).fill('support-2026');
      await form.getByLabel(text('admin', 'admins.first_name')).fill('Noura');
      await form.getByLabel(text('admin', 'admins.last_name')).fill('Al Kaabi');
      await form.getByLabel(text('admin', 'admins.role')).selectOption('support_staff');
      await form.getByRole('button', { name: text('admin', 'admins.create') }).click();
      await expect(form.getByRole('status')).toHaveText(text('admin', 'admins.created'));
      await expect(page.getByRole('cell', { name: email })).toBeVisible();

      await openTab(page, text, 'settings');
      const original = (await (await request.get('/api/public/interface-settings')).json()) as Record<string, unknown>;
      const slogan = `Gulf work, done right ${uniqueWord('s')}`;
      await page.getByLabel(text('admin', 'settings.site_slogan')).fill(slogan);
      await page.getByRole('button', { name: text('admin', 'common.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: text('admin', 'settings.saved') })).toBeVisible();
      const visitor = await browser.newPage({ baseURL: page.url().replace(/\/admin.*$/, '') });
      await visitor.goto('/');
      await expect(visitor.getByRole('banner').getByText(slogan)).toBeVisible();
      await visitor.close();
      // The settings as they were: this server's other journeys expect the site as built (and drawn ahead).
      const adminToken = await page.evaluate(() => localStorage.getItem('admin_token'));
      const restored = await request.put('/api/admin/interface-settings', {
        headers: { authorization: `Bearer ${adminToken}` },
        data: original,
      });
      expect(restored.ok(), await restored.text()).toBe(true);

      // Logout, then the new support admin: analytics and users to read, nothing to change.
      await page.getByRole('button', { name: text('admin', 'header.logout') }).click();
      await consoleSignIn(page, text, email, 'support-2026');
      await expect(page.getByRole('tab')).toHaveText([
        text('admin', 'tabs.dashboard'),
        text('admin', 'tabs.users'),
        text('admin', 'tabs.projects'),
        text('admin', 'tabs.timetracking'),
      ]);
      await openTab(page, text, 'users');
      await expect(page.getByRole('tabpanel').getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: text('admin', 'users.manage') })).toHaveCount(0);
      const token = await page.evaluate(() => localStorage.getItem('admin_token'));
      const refused = await request.put('/api/admin/interface-settings', {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      });
      expect(refused.status()).toBe(403);
    });
  });
}
