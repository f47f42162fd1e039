import { codeMessages, identityMessages, payoutMessages, stepUpMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, readLatestCode } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { stepUp, usablePayoutMethod } from '../../test/payout-methods.ts';
import { call } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';

const PUBLIC_URL = 'http://localhost:4310';
const ORIGIN = PUBLIC_URL;
const redirectUri = `${PUBLIC_URL}/api/auth/identity/uae_pass/callback`;

let peer: TestOidcProvider;
let app: App;
/** How far the app's clock runs ahead of this machine's, for an ID token that has expired by it. */
let clockAhead = 0;

const providerEnv = (issuer: string, clientId: string, clientSecret: string) => ({
  PUBLIC_URL,
  PAYOUTS_REQUIRE_IDENTITY: 'AE',
  UAE_PASS_ISSUER: issuer,
  UAE_PASS_CLIENT_ID: clientId,
  UAE_PASS_CLIENT_SECRET: clientSecret,
});

beforeAll(async () => {
  peer = await startOidcProvider({ redirectUris: [redirectUri] });
  app = await createTestApp({
    env: providerEnv(peer.issuer, peer.clientId, peer.clientSecret),
    clock: () => new Date(Date.now() + clockAhead),
  });
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

let people = 0;
/** A person UAE PASS knows: their subject, with an Emirates ID of their own unless given. */
function person(claims: Record<string, unknown> = {}) {
  people += 1;
  const sub = `uaepass-${people}-${Date.now()}`;
  peer.addAccount(sub, {
    idn: `784-1990-${String(1_000_000 + people).padStart(7, '0')}-${people % 10}`,
    fullnameEN: 'Mariam Saeed Al Ketbi',
    fullnameAR: 'مريم سعيد الكتبي',
    nationalityEN: 'ARE',
    email: `mariam.${people}.${Date.now()}@example.ae`,
    email_verified: true,
    mobile: `97150${String(1_000_000 + people * 7919).slice(-7)}`,
    ...claims,
  });
  return sub;
}

/** The cookie the last start set in "the browser": the callback needs it back. */
let browserCookie: string | undefined;

async function start(intent: 'sign_in' | 'link', options: { token?: string; language?: 'en' | 'ar'; provider?: string; on?: App } = {}) {
  const response = await (options.on ?? app).inject({
    method: 'POST',
    url: `/api/auth/identity/${options.provider ?? 'uae_pass'}/start`,
    headers: {
      origin: ORIGIN,
      cookie: `mihna.language=${options.language ?? 'en'}`,
      ...(options.token ? bearer(options.token) : {}),
    },
    payload: { intent },
  });
  const cookie = response.headers['set-cookie'];
  const first = Array.isArray(cookie) ? cookie[0] : cookie;
  if (first) browserCookie = first.split(';')[0];
  return response;
}

/** The browser at the provider and back: where Mihna's callback sends it. */
async function signInAt(sub: string, intent: 'sign_in' | 'link' = 'sign_in', token?: string) {
  const started = await start(intent, token ? { token } : {});
  expect(started.statusCode, started.body).toBe(200);
  peer.signInAs(sub);
  return peer.followToCallback(started.json<{ authorization_url: string }>().authorization_url);
}

async function callback(url: URL, on: App = app, cookie = browserCookie) {
  const response = await on.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(303);
  return new URL(response.headers.location as string);
}

const fragmentOf = (location: URL) => Object.fromEntries(new URLSearchParams(location.hash.slice(1)));

async function redeem(ticket: string) {
  return app.inject({ method: 'POST', url: '/api/auth/identity/ticket', payload: { ticket } });
}

const countRows = async (table: 'users' | 'identity_links') =>
  (await selectRows<{ count: number }>(app.services.database, sql`select count(*)::int as count from ${sql.identifier(table)}`))[0]!.count;

describe('national digital identity (OpenID Connect)', () => {
  it('lists the configured providers, and refuses one that is not', async () => {
    const listed = await app.inject({ method: 'GET', url: '/api/auth/identity/providers' });
    expect(listed.json()).toEqual({
      providers: [{ id: 'uae_pass', label: { en: 'Sign in with UAE PASS', ar: 'الدخول باستخدام الهوية الرقمية (UAE PASS)' } }],
    });
    expect((await start('sign_in', { provider: 'nafath' })).json()).toEqual({
      detail: identityMessages.unknownProvider,
      code: 'not_found',
    });
    expect((await start('link')).statusCode).toBe(401);
  });

  it('asks for the code with PKCE, state and nonce, in Arabic for an Arabic page', async () => {
    const started = await start('sign_in', { language: 'ar' });
    const url = new URL(started.json<{ authorization_url: string }>().authorization_url);
    expect(url.origin).toBe(peer.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: peer.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge_method: 'S256',
      ui_locales: 'ar en',
      scope: 'openid profile email',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The state is kept hashed and the verifier sealed: neither is in the database as sent.
    const [flow] = await selectRows<{ state_hash: string; code_verifier_sealed: string }>(
      app.services.database,
      sql`select state_hash, code_verifier_sealed from identity_flows order by created_at desc limit 1`,
    );
    expect(flow!.state_hash).not.toBe(url.searchParams.get('state'));
  });

  it('creates a verified account for a person without one, keeping the national ID only as a keyed hash; the next sign-in opens it', async () => {
    const sub = person({ idn: '784-1990-7654321-3', mobile: '971509876543' });
    const back = await callback(await signInAt(sub));
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/identity/return`);
    const { ticket } = fragmentOf(back);
    const opened = await redeem(ticket!);
    expect(opened.json()).toMatchObject({
      status: 'signup',
      provider: 'uae_pass',
      full_name_en: 'Mariam Saeed Al Ketbi',
      full_name_ar: 'مريم سعيد الكتبي',
      country_code: '+971',
      phone_number: '509876543',
    });
    const { email } = opened.json<{ email: string }>();

    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/identity/signup',
      payload: { ticket, role: 'professional', email, country_code: '+971', phone_number: '509876543' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json<{
      status: string;
      access_token: string;
      user: { id: string; first_name: string; last_name: string; role: string };
    }>();
    expect(session).toMatchObject({
      status: 'signed_in',
      user: { first_name: 'Mariam', last_name: 'Saeed Al Ketbi', role: 'professional' },
    });

    const links = await app.inject({ method: 'GET', url: '/api/account/identity', headers: bearer(session.access_token) });
    expect(links.json<{ links: unknown[] }>().links).toEqual([
      {
        provider: 'uae_pass',
        full_name_en: 'Mariam Saeed Al Ketbi',
        full_name_ar: 'مريم سعيد الكتبي',
        nationality: 'ARE',
        verified_at: expect.any(String),
      },
    ]);
    const stored = JSON.stringify(
      await selectRows(app.services.database, sql`select * from identity_links where user_id = ${session.user.id}`),
    );
    expect(stored).not.toContain('7654321');
    expect(stored).not.toContain('784-1990');
    // The ticket is spent with the account it made.
    expect((await redeem(ticket!)).json()).toEqual({ detail: identityMessages.ticketExpired, code: 'unauthorized' });

    // Signing in again opens the same account.
    const again = fragmentOf(await callback(await signInAt(sub)));
    const signedIn = await redeem(again.ticket!);
    expect(signedIn.json()).toMatchObject({ status: 'signed_in', user: { id: session.user.id } });
    expect((await redeem(again.ticket!)).statusCode).toBe(401);
  });

  it('proves an e-mail the provider did not vouch for with a code sent to it, and refuses an e-mail or number that has an account', async () => {
    const existing = await createUser(app);
    const sub = person({ email: undefined, email_verified: undefined });
    const { ticket } = fragmentOf(await callback(await signInAt(sub)));
    expect((await redeem(ticket!)).json()).toMatchObject({ status: 'signup', email: null });
    const signup = (payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/identity/signup',
        payload: { ticket, role: 'employer', country_code: '+971', phone_number: '504445566', ...payload },
      });

    expect((await signup({ email: existing.user.email })).json()).toEqual({ detail: identityMessages.emailTaken, code: 'conflict' });
    expect((await signup({ email: `new.${Date.now()}@example.ae`, phone_number: String(existing.input.phone_number) })).json()).toEqual({
      detail: identityMessages.phoneTaken,
      code: 'conflict',
    });
    const email = `fresh.${Date.now()}@example.ae`;
    expect((await signup({ email })).json()).toEqual({ status: 'code_sent', message: identityMessages.codeSent });
    const code = await readLatestCode(app, email);
    expect((await signup({ email, verification_code: code === '000000' ? '111111' : '000000' })).json()).toMatchObject({
      detail: codeMessages.refused,
    });
    // The code was sent to this address: with another one it creates nothing, and asks to send that one a code (after the minute's wait).
    const other = `other.${Date.now()}@example.ae`;
    expect((await signup({ email: other, verification_code: code })).json()).toMatchObject({ code: 'rate_limited' });
    const done = await signup({ email, verification_code: code });
    expect(done.json()).toMatchObject({ status: 'signed_in', user: { email, role: 'employer' } });
  });

  it('links an identity to the signed-in account, and one national identity to one account only', async () => {
    const account = await createUser(app);
    const sub = person({ idn: '784-1985-1112223-4' });
    // Linking adds a way into the account: step-up first.
    expect((await start('link', { token: account.token })).json()).toEqual({
      detail: stepUpMessages.requiredEmail,
      code: 'step_up_required',
    });
    await stepUp(app, account.token, account.user.email);
    const linked = await callback(await signInAt(sub, 'link', account.token));
    expect(linked.href).toBe(`${ORIGIN}/settings/security#identity=linked`);
    expect((await app.inject({ method: 'GET', url: '/api/account/identity', headers: bearer(account.token) })).json()).toMatchObject({
      links: [{ provider: 'uae_pass', full_name_en: 'Mariam Saeed Al Ketbi' }],
    });

    // The same Emirates ID, typed without its dashes, under another UAE PASS account: refused to a second Mihna account.
    const other = await createUser(app);
    await stepUp(app, other.token, other.user.email);
    const twin = person({ idn: '784198511122234' });
    const refused = await callback(await signInAt(twin, 'link', other.token));
    expect(refused.href).toBe(`${ORIGIN}/settings/security#error=taken`);
    expect((await app.inject({ method: 'GET', url: '/api/account/identity', headers: bearer(other.token) })).json()).toMatchObject({
      links: [],
    });
    // Signing in with it opens the account that holds that identity.
    const { ticket } = fragmentOf(await callback(await signInAt(twin)));
    expect((await redeem(ticket!)).json()).toMatchObject({ status: 'signed_in', user: { id: account.user.id } });
  });

  it('refuses a tampered state, a replayed code, a wrong nonce, an expired ID token and a cancelled sign-in, creating nothing', async () => {
    const users = await countRows('users');
    const links = await countRows('identity_links');
    const sub = person();

    const arrived = await signInAt(sub);
    const arrivedIn = browserCookie;
    const tampered = new URL(arrived);
    tampered.searchParams.set('state', `${arrived.searchParams.get('state')}x`);
    expect((await callback(tampered, app, arrivedIn)).href).toBe(`${PUBLIC_URL}/identity/return#error=expired`);
    // Another browser (a finished callback handed to someone, a link sent to a victim) cannot finish it.
    expect(fragmentOf(await callback(arrived, app, 'mihna.identity=someone-else'))).toEqual({ error: 'expired' });
    const handedOver = await signInAt(sub);
    expect(fragmentOf(await callback(handedOver, app, ''))).toEqual({ error: 'expired' });
    // The genuine answer still works once, in its own browser, and its replay finds nothing.
    expect(fragmentOf(await callback(arrived, app, arrivedIn)).ticket).toBeDefined();
    expect(fragmentOf(await callback(arrived, app, arrivedIn))).toEqual({ error: 'expired' });
    // The spent code with a new sign-in's state: the provider refuses it (used, and another PKCE verifier).
    const fresh = await signInAt(sub);
    const replayed = new URL(fresh);
    replayed.searchParams.set('code', arrived.searchParams.get('code')!);
    expect(fragmentOf(await callback(replayed))).toEqual({ error: 'failed' });

    // An ID token whose nonce is not this sign-in's.
    const forNonce = await signInAt(sub);
    await app.services.database.db.execute(sql`update identity_flows set nonce = 'another-sign-in' where provider = 'uae_pass'`);
    expect(fragmentOf(await callback(forNonce))).toEqual({ error: 'failed' });

    // By the app's clock two hours on, the ID token (valid one hour) has expired.
    clockAhead = 2 * 3_600_000;
    try {
      expect(fragmentOf(await callback(await signInAt(sub)))).toEqual({ error: 'failed' });
    } finally {
      clockAhead = 0;
    }

    // The person cancelled at the provider.
    const started = await start('sign_in');
    const state = new URL(started.json<{ authorization_url: string }>().authorization_url).searchParams.get('state')!;
    expect(fragmentOf(await callback(new URL(`${redirectUri}?error=access_denied&state=${state}`)))).toEqual({ error: 'cancelled' });

    expect(await countRows('users')).toBe(users);
    expect(await countRows('identity_links')).toBe(links);
  });
});

describe('the "Identity verified" badge', () => {
  it('shows on the profile, proposals and search cards of a verified professional, filters search, and lets their payouts through', async () => {
    const professional = await createUser(app, { skills: 'Identity badge testing' });
    const employer = await createEmployer(app);
    const job = await insertJob(app, employer.user.id);
    const proposed = await call(app, 'POST', '/api/proposals', professional.token, {
      job_id: job.id,
      proposal_text: 'I have verified my identity and done this work for years.',
      proposed_rate: 5000,
      estimated_hours: null,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const profile = async () =>
      (await call(app, 'GET', `/api/experts/${professional.user.id}/profile`)).json<{ user: { identity_verified: unknown } }>();
    const workerOnProposal = async () =>
      (await call(app, 'GET', `/api/proposals/job/${job.id}`, employer.token)).json<{
        proposals: { worker: { identity_verified: unknown } }[];
      }>().proposals[0]!.worker;
    const search = async (query: string) =>
      (await call(app, 'GET', `/api/search/professionals?q=${encodeURIComponent('Identity badge testing')}${query}`)).json<{
        professionals: { id: string; identity_verified: unknown }[];
      }>().professionals;

    expect((await profile()).user.identity_verified).toBeNull();
    expect((await workerOnProposal()).identity_verified).toBeNull();
    expect((await search('')).find((each) => each.id === professional.user.id)).toMatchObject({ identity_verified: null });
    expect((await search('&identity_verified=true')).map((each) => each.id)).not.toContain(professional.user.id);
    // This app asks professionals in the UAE to verify before a payout (PAYOUTS_REQUIRE_IDENTITY=AE).
    await stepUp(app, professional.token, professional.user.email);
    const methodId = await usablePayoutMethod(app, professional.user.id);
    const payout = () =>
      call(app, 'POST', '/api/payouts', professional.token, { amount: 100, currency: 'AED', payout_method_id: methodId });
    expect((await payout()).json()).toEqual({ detail: identityMessages.payoutNeedsIdentity, code: 'identity_required' });

    await callback(await signInAt(person(), 'link', professional.token));
    expect((await profile()).user.identity_verified).not.toBeNull();
    expect((await profile()).user.identity_verified).toEqual({ provider: 'uae_pass' });
    expect((await workerOnProposal()).identity_verified).toEqual({ provider: 'uae_pass' });
    expect((await search('&identity_verified=true')).find((each) => each.id === professional.user.id)).toMatchObject({
      identity_verified: { provider: 'uae_pass' },
    });
    // Verified, the payout goes on to its other rules: this professional has earned nothing yet.
    expect((await payout()).json()).toEqual({ detail: payoutMessages.noBalance, code: 'conflict' });
  });
});

describe('a provider that is down', () => {
  let down: TestOidcProvider;
  let downApp: App;
  let closedPort: number;
  beforeAll(async () => {
    down = await startOidcProvider({ redirectUris: [redirectUri] });
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    closedPort = (spare.address() as { port: number }).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    downApp = await createTestApp({
      env: {
        ...providerEnv(down.issuer, down.clientId, down.clientSecret),
        NAFATH_ISSUER: `http://127.0.0.1:${closedPort}`,
        NAFATH_CLIENT_ID: 'mihna',
        NAFATH_CLIENT_SECRET: 'secret',
      },
    });
  });
  afterAll(() => downApp.close());

  it('is said in a clear message at the start, and at the callback sends the person back with nothing created', async () => {
    const refused = await start('sign_in', { provider: 'nafath', on: downApp });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: identityMessages.unavailable, code: 'unavailable' });

    const started = await start('sign_in', { on: downApp });
    down.addAccount('someone', { idn: '784-2000-0000001-1', fullnameEN: 'Someone', email: 'someone@example.ae', email_verified: true });
    down.signInAs('someone');
    const arrived = await down.followToCallback(started.json<{ authorization_url: string }>().authorization_url);
    await down.close();
    expect(fragmentOf(await callback(arrived, downApp))).toEqual({ error: 'unavailable' });
    const [row] = await selectRows<{ count: number }>(downApp.services.database, sql`select count(*)::int as count from identity_links`);
    expect(row!.count).toBe(0);
  });
});
