import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { serverUrl, waitForTheAppOnLoad } from './fixtures.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { latestCode, uniqueEmail, uniquePhone } from './outbox.ts';
import { textsIn, type Language } from './texts.ts';

/** Where the web app keeps its session token (apps/web/src/lib/api-client.ts). */
export const TOKEN_KEY = 'mihna.token';
export const DEMO_PASSWORD = 'MihnaDemo2025!';
/** The demo super admin's authenticator app (apps/server/src/seed/demo-accounts.ts). */
export const DEMO_ADMIN_TOTP_SECRET = 'MIHNADEMOCONSOLEAUTHENTICATORKEY';
export const DEMO_SUPER_ADMIN = 'admin@demo.mihna.ae';
export const LAYLA_EMAIL = 'layla.haddad@demo.mihna.ae';
export const OMAR_EMAIL = 'omar.almansoori@demo.mihna.ae';

export interface Account {
  id: string;
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

let sequence = 0;
/** Consonants only: a word of them never spells a word the profanity filter masks (a run of letters once held "fck"). */
const wordLetters = 'bdghjmqvyz';
/** A word made of letters only, new on every call, so a text search finds exactly what a journey made. */
export function uniqueWord(prefix: string): string {
  sequence += 1;
  const letters = String(Date.now() * 100 + sequence)
    .split('')
    .map((digit) => wordLetters[Number(digit)]!)
    .join('');
  return `${prefix}${letters}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed with ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Registers a new user through the API and completes the registration with the e-mailed code, the
 * way people do; changes override the defaults (a professional in Dubai).
 */
export async function registerUser(request: APIRequestContext, changes: Record<string, unknown> = {}): Promise<Account> {
  const password = 'Marketplace2026';
  const input: Record<string, unknown> = {
    role: 'professional',
    first_name: 'Maryam',
    last_name: 'Al Zaabi',
    email: uniqueEmail('maryam'),
    phone_number: uniquePhone(),
    country_code: '+971',
    verification_method: 'email',
    password,
    confirm_password: password,
    ...(changes.role === 'employer'
      ? {}
      : {
          skills: 'Electrical maintenance, AC servicing',
          hourly_rate: '120',
          years_of_experience: '5',
          bio: 'Licensed technician in Dubai for homes and offices.',
        }),
    emirate: 'dubai',
    city: 'dubai',
    ...changes,
  };
  const email = String(input.email);
  const registered = await ok<{ registration_id: string }>(
    await request.post('/api/auth/register', { data: input }),
    `registering ${email}`,
  );
  const completed = await ok<{ access_token: string; user: { id: string } }>(
    await request.post('/api/auth/complete-registration', {
      data: { registration_id: registered.registration_id, verification_code: await latestCode(request, email), email },
    }),
    `completing the registration of ${email}`,
  );
  return {
    id: completed.user.id,
    token: completed.access_token,
    email,
    firstName: String(input.first_name),
    lastName: String(input.last_name),
    companyName: typeof input.company_name === 'string' ? input.company_name : null,
  };
}

/** A new employer with a company, in Dubai. */
export const registerEmployer = (request: APIRequestContext, changes: Record<string, unknown> = {}) =>
  registerUser(request, {
    role: 'employer',
    first_name: 'Hamdan',
    last_name: 'Al Shamsi',
    email: uniqueEmail('hamdan'),
    company_name: `Shamsi Facilities ${uniqueWord('')}`,
    ...changes,
  });

/** Logs an existing account in with its password through the API. */
export async function logIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Account> {
  const session = await ok<{ access_token: string }>(
    await request.post('/api/auth/enhanced-login', { data: { email, login_method: 'password', password } }),
    `logging in ${email}`,
  );
  const me = await ok<{ id: string; first_name: string; last_name: string; company_name: string | null }>(
    await request.get('/api/users/me', { headers: { authorization: `Bearer ${session.access_token}` } }),
    `reading the account of ${email}`,
  );
  return {
    id: me.id,
    token: session.access_token,
    email,
    firstName: me.first_name,
    lastName: me.last_name,
    companyName: me.company_name,
  };
}

/**
 * The page starts every load signed in as this account: the token the web app keeps in local
 * storage, and the cookie that tells the server a signed-in browser is asking (as the app sets it).
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_KEY, account.token] as const);
  await page.context().addCookies([{ name: 'mihna.signed_in', value: '1', url: serverUrl(test.info().parallelIndex) }]);
}

/** A second browser, signed in as another account, for journeys with two people. */
export async function openBrowserAs(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ ...test.info().project.use, baseURL: serverUrl(test.info().parallelIndex) });
  const page = waitForTheAppOnLoad(await context.newPage());
  await signIn(page, account);
  return page;
}

export interface PostedJob {
  id: string;
  title: string;
}

/** Posts a project through the API as an employer (escrow, hourly, Dubai unless changed). */
export async function postJob(request: APIRequestContext, employer: Account, changes: Record<string, unknown> = {}): Promise<PostedJob> {
  const job = {
    title: `Villa maintenance ${uniqueWord('ref')}`,
    description: 'Routine electrical and AC maintenance for a four-bedroom villa, with a short written report.',
    skills_required: 'Electrical maintenance, AC servicing',
    project_type: 'hourly',
    budget_min: 1500,
    budget_max: 3000,
    country: 'AE',
    emirate: 'dubai',
    city: 'dubai',
    industry_category: 'local_services',
    local_service_category: 'trade_services',
    local_service_subcategory: 'electrician',
    payment_method: 'escrow',
    ...changes,
  };
  const created = await ok<{ id: string }>(
    await request.post('/api/jobs', { data: job, headers: { authorization: `Bearer ${employer.token}` } }),
    `posting "${String(job.title)}"`,
  );
  return { id: created.id, title: String(job.title) };
}

/** GET /api/search/jobs: the total the screen should report for these filters. */
export async function jobTotal(request: APIRequestContext, query: Record<string, string> = {}): Promise<number> {
  const answer = await ok<{ total: number }>(
    await request.get('/api/search/jobs', { params: { limit: '1', ...query } }),
    'searching projects',
  );
  return answer.total;
}

/** GET /api/search/professionals: the total the screen should report for these filters. */
export async function professionalTotal(request: APIRequestContext, query: Record<string, string> = {}): Promise<number> {
  const answer = await ok<{ pagination: { total: number } }>(
    await request.get('/api/search/professionals', { params: { limit: '1', ...query } }),
    'searching professionals',
  );
  return answer.pagination.total;
}

/** English thousands separators, as the screens print counts: 1,234. */
export const count = (value: number) => value.toLocaleString('en-US');

/** The header bell: its accessible name says how many notifications are unread. */
export function notificationBell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

/** Waits for a lazy screen's heading before the journey touches its form. */
export async function expectHeading(page: Page, name: string | RegExp, level = 1) {
  await expect(page.getByRole('heading', { level, name })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sentence whose names may be set apart for mixed-direction reading (U+2068 … U+2069), as the
 * screens do with names and titles: isolated`${name} invited you to "${title}".`
 */
export function isolated(strings: TemplateStringsArray, ...values: string[]): RegExp {
  const parts = strings.map((text, index) => {
    const value = values[index];
    return escapeRegExp(text) + (value === undefined ? '' : `\u2068?${escapeRegExp(value)}\u2069?`);
  });
  return new RegExp(parts.join(''));
}

/**
 * The last time step each authenticator's code was sent for, by this worker's server: the server
 * accepts each code once. Kept in a file, as a worker that failed is replaced by a new process.
 */
const stepsFile = () => path.join(os.tmpdir(), `mihna-e2e-totp-steps-${test.info().parallelIndex}.json`);
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(fs.readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * A code of the authenticator app of `secret` (RFC 6238: SHA-1, 6 digits, 30 s) not sent before to
 * this worker's server: this step's, else the next's, which the server also takes, else it waits for
 * the next step.
 */
export async function authenticatorCode(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const steps = readSteps();
    const next = Math.max(step, (steps[secret] ?? -1) + 1);
    if (next <= step + 1) {
      fs.writeFileSync(stepsFile(), JSON.stringify({ ...steps, [secret]: next }));
      return totp.generate({ timestamp: next * 30_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 100));
  }
}

/** The demo super admin's console token, signed in through the API with a code of its app. */
export async function consoleToken(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: { email: DEMO_SUPER_ADMIN, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { challenge_token } = (await login.json()) as { challenge_token: string };
  const second = await request.post('/api/admin/login/second-factor', {
    data: { challenge_token, code: await authenticatorCode(DEMO_ADMIN_TOTP_SECRET) },
  });
  expect(second.ok(), await second.text()).toBe(true);
  return ((await second.json()) as { access_token: string }).access_token;
}

/**
 * Signs in to the console at /admin as a person does: the password, then a code of the admin's app
 * (`secret`, the demo super admin's unless given); an admin without one sets it up first, reading
 * the key the page shows. Answers the admin's secret.
 */
export async function consoleSignIn(
  page: Page,
  text: (namespace: string, key: string) => string,
  email: string,
  password: string,
  secret: string | undefined = email === DEMO_SUPER_ADMIN ? DEMO_ADMIN_TOTP_SECRET : undefined,
) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: text('admin', 'login.title') })).toBeVisible();
  await page.getByLabel(text('admin', 'login.email')).fill(email);
  await page.getByLabel(text('admin', 'login.password')).fill(password);
  await page.getByRole('button', { name: text('admin', 'login.submit') }).click();
  if (secret) {
    await page.getByLabel(text('auth', 'second_factor.code')).fill(await authenticatorCode(secret));
    await page.getByRole('button', { name: text('auth', 'second_factor.submit') }).click();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: text('admin', 'second_factor_setup.title') })).toBeVisible();
    secret = (await page.locator('code').innerText()).replace(/\s/g, '');
    await page.getByLabel(text('security', 'totp.first_code')).fill(await authenticatorCode(secret));
    await page.getByRole('button', { name: text('security', 'totp.confirm') }).click();
    await page.getByRole('button', { name: text('security', 'recovery.saved') }).click();
  }
  await expect(page.getByRole('button', { name: text('admin', 'header.logout') })).toBeVisible();
  return secret;
}

export const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/**
 * A hire made through the API: the employer's fixed-price project (`job` changes it), the
 * professional's proposal at `rate` with `text`, accepted.
 */
export async function hire(
  request: APIRequestContext,
  employer: Account,
  professional: Account,
  { job: changes, rate, text }: { job: Record<string, unknown>; rate: number; text: string },
): Promise<PostedJob> {
  const job = await postJob(request, employer, { project_type: 'fixed', ...changes });
  const proposed = await request.post('/api/proposals', {
    data: { job_id: job.id, proposal_text: text, proposed_rate: rate, estimated_hours: null },
    headers: bearer(professional),
  });
  expect(proposed.ok(), await proposed.text()).toBe(true);
  const { proposal } = (await proposed.json()) as { proposal: { id: string } };
  expect((await request.put(`/api/proposals/${proposal.id}/accept`, { headers: bearer(employer) })).ok()).toBe(true);
  return job;
}

/** The hire's milestones set up and paid into escrow on the built-in gateway (its Pay form's POST); answers the payment's id. */
export async function fundEscrow(
  request: APIRequestContext,
  employer: Account,
  jobId: string,
  milestones: { title: string; description: string; amount: number }[],
): Promise<string> {
  const setup = await request.post(`/api/jobs/${jobId}/setup-payment`, {
    data: { milestones: milestones.map((milestone) => ({ ...milestone, due_date: null })) },
    headers: bearer(employer),
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const status = (await (await request.get(`/api/jobs/${jobId}/payment-status`, { headers: bearer(employer) })).json()) as {
    payment_id: string;
  };
  const escrow = await request.post(`/api/payments/${status.payment_id}/create-escrow`, { headers: bearer(employer) });
  expect(escrow.ok(), await escrow.text()).toBe(true);
  const { checkout_url } = (await escrow.json()) as { checkout_url: string };
  const paid = await request.post(`${new URL(checkout_url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return status.payment_id;
}

/**
 * Answers the step-up dialog of an account without a second factor: asks for the e-mailed code, reads
 * it once the dialog says it went (the outbox holds older codes too), and confirms.
 */
export async function confirmStepUpByEmail(page: Page, request: APIRequestContext, email: string, language: Language) {
  const text = textsIn(language);
  const stepUp = page.getByRole('dialog', { name: text('security', 'step_up.title') });
  await stepUp.getByRole('button', { name: text('security', 'step_up.send') }).click();
  await expect(stepUp.getByRole('button', { name: text('security', 'step_up.send_again') })).toBeVisible();
  await stepUp.getByLabel(text('security', 'step_up.email_code')).fill(await latestCode(request, email));
  await stepUp.getByRole('button', { name: text('security', 'step_up.confirm') }).click();
  return stepUp;
}
