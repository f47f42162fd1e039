import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { consoleToken, LAYLA_EMAIL, logIn, OMAR_EMAIL, postJob, registerUser, signIn, TOKEN_KEY, type Account } from './marketplace.ts';

/**
 * Every route, in English and Arabic, at phone width: no page may be wider than the viewport (a
 * sideways scroll on a phone is a broken page). Desktop width is checked too, where the header is at
 * its fullest. Routes behind a login are visited signed in, as the people who use them.
 */
const widths = [390, 1280] as const;
const languages = ['en', 'ar'] as const;
type Language = (typeof languages)[number];

/** How far the page reaches past the viewport's sides, in pixels (0 when it fits). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const offenders = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1);
      })
      .slice(-6)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()}.${element.className.toString().split(' ').slice(0, 3).join('.')}`;
        return `${name} [${Math.round(box.left)}, ${Math.round(box.right)}]`;
      });
    return { extra: root.scrollWidth - root.clientWidth, offenders };
  });
}

/**
 * Each route is loaded once per language, at phone width, then widened to desktop in place: the layout
 * answers the width through CSS alone (no script reads it), so a resize shows what a load at that width would.
 */
/**
 * Waits, as networkidle would, until no request has been open for half a second; the live message
 * stream a signed-in page holds open for as long as it is shown does not count.
 */
function quietNetwork(page: Page) {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/api/messages/stream')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return async () => {
    const deadline = Date.now() + 15_000;
    for (let quietSince = Date.now(); Date.now() - quietSince < 500 && Date.now() < deadline;) {
      if (open.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
  };
}

async function checkRoutes(page: Page, routes: string[], label: string, only: readonly Language[] = languages) {
  const quiet = quietNetwork(page);
  for (const language of only) {
    await page.goto('/');
    await page.evaluate((chosen) => window.localStorage.setItem('mihna.language', chosen), language);
    for (const route of routes) {
      await page.setViewportSize({ width: widths[0], height: 844 });
      await page.goto(route);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 10_000 });
      await quiet();
      await page.evaluate(() => document.fonts.ready);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 844 });
        // Two frames: the resize is laid out and painted before the page is measured.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const { extra, offenders } = await overflow(page);
        expect(extra, `${label} ${route} in ${language} at ${width} px is ${extra} px wider than the screen: ${offenders.join(', ')}`).toBe(
          0,
        );
      }
    }
  }
}

test.describe('every page fits the screen', () => {
  test.describe.configure({ mode: 'parallel', timeout: 240_000 });

  const visitorRoutes = [
    '/',
    '/about',
    '/contact',
    '/help',
    '/privacy',
    '/terms',
    '/how-it-works',
    '/employers',
    '/login',
    '/register',
    '/register?role=employer',
    '/forgot-password',
    '/projects',
    '/projects?country=SA',
    '/professionals',
    '/profile/edit',
  ];
  // One test per language, so the two workers share the longest walk.
  for (const language of languages) {
    test(`public pages and the ones a visitor reaches, in ${language === 'en' ? 'English' : 'Arabic'}`, async ({ page, request }) => {
      const layla = await logIn(request, LAYLA_EMAIL);
      const omar = await logIn(request, OMAR_EMAIL);
      await checkRoutes(page, [...visitorRoutes, `/professionals/${layla.id}`, `/employers/${omar.id}`], 'a visitor on', [language]);
    });
  }

  test('an employer’s pages', async ({ page, request }) => {
    const omar = await logIn(request, OMAR_EMAIL);
    const job = await postJob(request, omar);
    await signIn(page, omar);
    await checkRoutes(
      page,
      ['/dashboard', '/post-job', `/projects/${job.id}`, `/projects/${job.id}/edit`, '/profile/edit', '/messages'],
      'an employer on',
    );
  });

  test('a professional’s pages', async ({ page, request }) => {
    const omar = await logIn(request, OMAR_EMAIL);
    const job = await postJob(request, omar);
    const professional: Account = await registerUser(request);
    await request.post('/api/proposals', {
      data: { job_id: job.id, proposal_text: 'I can start this week with my own tools.', proposed_rate: 40 },
      headers: { authorization: `Bearer ${professional.token}` },
    });
    await signIn(page, professional);
    await checkRoutes(
      page,
      ['/dashboard', `/projects/${job.id}`, '/profile/edit', '/time-tracker', '/earnings', '/messages'],
      'a professional on',
    );
  });

  test('the admin console’s tabs, as the super admin', async ({ page, request }) => {
    const token = await consoleToken(request);
    await page.goto('/');
    await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
    const tabs = ['dashboard', 'users', 'projects', 'timetracking', 'admins', 'settings', 'disputes', 'reports', 'audit', 'tasks'];
    await checkRoutes(
      page,
      tabs.map((tab) => `/admin?tab=${tab}`),
      'the super admin on',
    );
  });
});

test('a first visit shows the page drawn by the server until the app hydrates it, never a blank screen @phone', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/projects-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const loading = page.goto('/projects');
  const heading = page.getByRole('heading', { level: 1, name: 'Find Projects in GCC' });
  // Drawn, but inert: its search form cannot be used or sent before the app runs it.
  await expect(page.locator('#root[inert] h1')).toHaveText('Find Projects in GCC');
  const drawnHeading = await page.locator('#root[inert] h1').elementHandle();
  release();
  await loading;
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  // Hydrated, not built again: the heading the server drew is the one on the page.
  expect(await drawnHeading?.evaluate((element) => element.isConnected)).toBe(true);
  await expect(heading).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Search', { exact: true })).toBeEnabled();
});

test('while the code of a page the server does not draw loads, the header and the page’s skeleton show, never a blank screen @phone', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/professional-profile-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // A profile's address has a parameter: it is not drawn ahead (apps/web/prerender.mjs).
  const loading = page.goto('/professionals/7d0f1c9e-5b7a-4d7e-9a35-0c4b8d2f6e11');
  await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible();
  release();
  await loading;
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
});

test('a drawn page is hydrated in Arabic, and a reader whose chosen language differs from the drawn one gets their own', async ({
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  };

  // A phone set to Arabic, first visit: drawn in Arabic, and that very page is adopted.
  const arabic = await browser.newContext({ ...test.info().project.use, locale: 'ar', extraHTTPHeaders: { 'accept-language': 'ar' } });
  const first = await arabic.newPage();
  watch(first);
  await first.route(/\/assets\/projects-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await first.goto(new URL('/projects', baseURL).toString(), { waitUntil: 'commit' });
  const drawnHeading = await first.locator('#root[inert] h1').elementHandle();
  await expect(first.locator('#root[inert]')).toHaveCount(0);
  await expect(first.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(first.getByRole('heading', { level: 1 })).toHaveText('ابحث عن مشاريع في دول الخليج');
  expect(await drawnHeading?.evaluate((element) => element.isConnected)).toBe(true);
  await arabic.close();

  // English browser, but the reader chose Arabic here before (no cookie yet): the server draws English,
  // the app renders the reader's Arabic in its place, usable.
  const chosen = await browser.newContext({ ...test.info().project.use, locale: 'en', extraHTTPHeaders: { 'accept-language': 'en' } });
  await chosen.addInitScript(() => localStorage.setItem('mihna.language', 'ar'));
  const page = await chosen.newPage();
  watch(page);
  await page.goto(new URL('/projects', baseURL).toString());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ابحث عن مشاريع في دول الخليج');
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  await page.getByRole('main').getByLabel('البحث', { exact: true }).fill('تصميم');
  await chosen.close();
  expect(errors).toEqual([]);
});

test('a signed-in reader whose browser lost the signed-in cookie is shown their own header, not the visitors’ page the server drew', async ({
  browser,
  baseURL,
  request,
}) => {
  const account = await registerUser(request);
  const context = await browser.newContext({ ...test.info().project.use, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, account.token] as const);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(new URL('/projects', baseURL).toString());
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  // The app sets the cookie again, so the next visit gets the skeleton instead of the visitors' page.
  expect((await context.cookies()).find((cookie) => cookie.name === 'mihna.signed_in')?.value).toBe('1');
  await context.close();
  expect(errors).toEqual([]);
});
