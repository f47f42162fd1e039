import { loginMessages, passkeyMessages, secondFactorMessages, stepUpMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { stepUp } from '../../test/payout-methods.ts';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from '../../test/software-authenticator.ts';

let app: App;
let origin: string;
beforeAll(async () => {
  app = await createTestApp();
  origin = app.services.config.relyingParty.origins[0]!;
});
afterAll(() => app.close());

type Options = { ceremony_token: string; options: { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string } };

const call = (token: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** Adds a passkey through the routes (with the step-up they ask for): its row as answered. */
async function addPasskey(account: TestAccount, authenticator: SoftwareAuthenticator, name = 'My phone') {
  const { method, confirmed_until } = (await call(account.token, 'GET', '/api/account/step-up')).json<{
    method: string;
    confirmed_until: string | null;
  }>();
  if (!confirmed_until && method === 'passkey') await stepUpWithPasskey(account.token, authenticator);
  if (!confirmed_until && method === 'email') await stepUp(app, account.token, account.user.email);
  const started = await call(account.token, 'POST', '/api/account/passkeys/options');
  expect(started.statusCode, started.body).toBe(200);
  const { ceremony_token, options } = started.json<Options>();
  const added = await call(account.token, 'POST', '/api/account/passkeys', {
    ceremony_token,
    response: authenticator.create(options),
    name,
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ id: string; name: string }>();
}

async function stepUpWithPasskey(token: string, authenticator: SoftwareAuthenticator) {
  const { ceremony_token, options } = (await call(token, 'POST', '/api/account/step-up/passkey/options')).json<Options>();
  const confirmed = await call(token, 'POST', '/api/account/step-up/passkey', { ceremony_token, response: authenticator.get(options) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function passwordLogin(account: TestAccount) {
  const response = await call(undefined, 'POST', '/api/auth/enhanced-login', {
    email: account.user.email,
    login_method: 'password',
    password: account.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ challenge_token?: string; methods?: string[]; access_token?: string }>();
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, mutate = (answer: ReturnType<SoftwareAuthenticator['get']>) => answer) {
  const started = await call(undefined, 'POST', '/api/auth/passkey/options');
  expect(started.statusCode).toBe(200);
  const { ceremony_token, options } = started.json<Options>();
  return {
    ceremony_token,
    response: await call(undefined, 'POST', '/api/auth/passkey', { ceremony_token, response: mutate(authenticator.get(options)) }),
  };
}

describe('passkeys', () => {
  it('are added after step-up with a name, listed, renamed and removed, each by their owner only', async () => {
    const account = await createUser(app);
    const authenticator = createSoftwareAuthenticator({ origin });
    // Adding a way into the account is what a stolen session must not do: step-up first.
    expect((await call(account.token, 'POST', '/api/account/passkeys/options')).json()).toEqual({
      detail: stepUpMessages.requiredEmail,
      code: 'step_up_required',
    });
    await stepUp(app, account.token, account.user.email);
    const started = (await call(account.token, 'POST', '/api/account/passkeys/options')).json<Options>();
    // The relying party is PUBLIC_URL's host; the user handle carries no e-mail.
    expect(started.options.rp.id).toBe(new URL(app.services.config.publicUrl).hostname);
    expect(Buffer.from(started.options.user.id, 'base64url').toString('utf8')).not.toContain('@');
    const created = authenticator.create(started.options);
    // Made on another origin (a phishing page): refused, nothing kept, the ceremony spent.
    const phished = authenticator.create(started.options, 'https://mihna-login.example');
    expect(
      (
        await call(account.token, 'POST', '/api/account/passkeys', { ceremony_token: started.ceremony_token, response: phished, name: 'x' })
      ).json(),
    ).toEqual({
      detail: passkeyMessages.refused,
      code: 'unauthorized',
    });
    expect(
      (
        await call(account.token, 'POST', '/api/account/passkeys', { ceremony_token: started.ceremony_token, response: created, name: 'x' })
      ).json(),
    ).toEqual({
      detail: passkeyMessages.expired,
      code: 'unauthorized',
    });
    expect((await call(account.token, 'GET', '/api/account/passkeys')).json()).toEqual({ passkeys: [] });

    // Still stepped up from above (five minutes).
    const phone = await addPasskey(account, authenticator, '  Layla’s iPhone  ');
    expect(phone.name).toBe('Layla’s iPhone');
    const laptop = await addPasskey(account, authenticator, 'Work laptop');
    const listed = (await call(account.token, 'GET', '/api/account/passkeys')).json<{
      passkeys: { id: string; name: string; last_used_at: string | null }[];
    }>();
    expect(listed.passkeys.map((each) => each.name)).toEqual(['Layla’s iPhone', 'Work laptop']);
    expect(listed.passkeys[0]!.last_used_at).toBeNull();
    // Registering the same authenticator's credential twice is refused (the options also exclude it).
    const again = (await call(account.token, 'POST', '/api/account/passkeys/options')).json<Options>();
    expect(again.options).toMatchObject({
      excludeCredentials: expect.arrayContaining([
        expect.objectContaining({ id: authenticator.credentials.at(-1)!.id.toString('base64url') }),
      ]),
    });

    // Another user can neither see, rename nor remove them.
    const stranger = await createUser(app);
    await stepUp(app, stranger.token, stranger.user.email);
    expect((await call(stranger.token, 'GET', '/api/account/passkeys')).json()).toEqual({ passkeys: [] });
    expect((await call(stranger.token, 'PATCH', `/api/account/passkeys/${phone.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', `/api/account/passkeys/${phone.id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', '/api/account/passkeys')).statusCode).toBe(401);

    const renamed = await call(account.token, 'PATCH', `/api/account/passkeys/${laptop.id}`, { name: 'Home laptop' });
    expect(renamed.json()).toMatchObject({ id: laptop.id, name: 'Home laptop' });
    expect((await call(account.token, 'PATCH', `/api/account/passkeys/${laptop.id}`, { name: ' ' })).statusCode).toBe(422);
    expect((await call(account.token, 'DELETE', `/api/account/passkeys/${laptop.id}`)).statusCode).toBe(204);
    expect((await call(account.token, 'DELETE', `/api/account/passkeys/${laptop.id}`)).json()).toEqual({
      detail: passkeyMessages.notFound,
      code: 'not_found',
    });
    expect((await call(account.token, 'GET', '/api/account/passkeys')).json<{ passkeys: unknown[] }>().passkeys).toHaveLength(1);
  });

  it('sign a person in alone (no e-mail typed), once per ceremony, with the device’s lock, as a stepped-up session', async () => {
    const account = await createUser(app);
    const authenticator = createSoftwareAuthenticator({ origin });
    await addPasskey(account, authenticator);

    const { ceremony_token, response } = await passkeySignIn(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<{ access_token: string; user: { id: string } }>();
    expect(session.user.id).toBe(account.user.id);
    // The passkey and the device's lock are two factors: a payout may follow at once.
    expect((await call(session.access_token, 'GET', '/api/account/step-up')).json()).toMatchObject({
      method: 'passkey',
      passkey: true,
      confirmed_until: expect.any(String),
    });
    expect(
      (await call(account.token, 'GET', '/api/account/passkeys')).json<{ passkeys: { last_used_at: string | null }[] }>().passkeys[0]!
        .last_used_at,
    ).not.toBeNull();

    // The same ceremony again (a replayed answer): refused.
    const started = (await call(undefined, 'POST', '/api/auth/passkey/options')).json<Options>();
    const replay = await call(undefined, 'POST', '/api/auth/passkey', { ceremony_token, response: authenticator.get(started.options) });
    expect(replay.json()).toEqual({ detail: passkeyMessages.expired, code: 'unauthorized' });

    // Signed over another ceremony's challenge, or with a bad signature, or a counter that went back (a cloned key): refused.
    const otherChallenge = await passkeySignIn(authenticator, () =>
      authenticator.get({ challenge: started.options.challenge, rpId: started.options.rpId }),
    );
    expect(otherChallenge.response.json()).toEqual({ detail: passkeyMessages.refused, code: 'unauthorized' });
    const badSignature = await passkeySignIn(authenticator, (answer) => ({
      ...answer,
      response: { ...answer.response, signature: Buffer.from('not a signature').toString('base64url') },
    }));
    expect(badSignature.response.json()).toEqual({ detail: passkeyMessages.refused, code: 'unauthorized' });
    authenticator.credentials[0]!.counter = 0;
    expect((await passkeySignIn(authenticator)).response.json()).toEqual({ detail: passkeyMessages.refused, code: 'unauthorized' });

    // Without user verification (a security key with no PIN), a passkey alone is not enough.
    const noLock = createSoftwareAuthenticator({ origin, userVerified: false });
    const other = await createUser(app);
    await addPasskey(other, noLock);
    expect((await passkeySignIn(noLock)).response.json()).toEqual({ detail: passkeyMessages.refused, code: 'unauthorized' });

    // A passkey the site does not know (removed, or another site's) says so.
    const unknown = createSoftwareAuthenticator({ origin });
    unknown.create({ challenge: 'x', rp: { id: new URL(origin).hostname }, user: { id: 'x' } });
    expect((await passkeySignIn(unknown)).response.json()).toEqual({ detail: passkeyMessages.unknown, code: 'unauthorized' });
    // Malformed answers are refused by their shape, never a 5xx.
    const garbage = await call(undefined, 'POST', '/api/auth/passkey', { ceremony_token: 'x', response: { id: '!!', type: 'public-key' } });
    expect(garbage.statusCode).toBe(422);
  });

  it('serve as the second step of a password login, bound to that login’s challenge, failures counting toward the lock', async () => {
    const account = await createUser(app);
    const authenticator = createSoftwareAuthenticator({ origin });
    await addPasskey(account, authenticator);

    const first = await passwordLogin(account);
    expect(first).toMatchObject({ second_factor_required: true, methods: ['passkey'] });
    expect(first.access_token).toBeUndefined();
    const options = await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: first.challenge_token });
    const ceremony = options.json<Options>();
    // The options name this user's passkeys only.
    expect(ceremony.options).toMatchObject({ allowCredentials: [{ id: authenticator.credentials[0]!.id.toString('base64url') }] });

    // Another login's challenge cannot spend this ceremony.
    const otherLogin = await passwordLogin(account);
    const crossed = await call(undefined, 'POST', '/api/auth/second-factor/passkey', {
      challenge_token: otherLogin.challenge_token,
      ceremony_token: ceremony.ceremony_token,
      response: authenticator.get(ceremony.options),
    });
    expect(crossed.json()).toEqual({ detail: passkeyMessages.expired, code: 'unauthorized' });

    const fresh = (
      await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: first.challenge_token })
    ).json<Options>();
    const signedIn = await call(undefined, 'POST', '/api/auth/second-factor/passkey', {
      challenge_token: first.challenge_token,
      ceremony_token: fresh.ceremony_token,
      response: authenticator.get(fresh.options),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { id: account.user.id } });
    // The challenge is spent with it.
    expect(
      (await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: first.challenge_token })).json(),
    ).toEqual({
      detail: loginMessages.challengeExpired,
      code: 'unauthorized',
    });

    // Another person's passkey in the second step is refused, and each refusal is a try of the login's
    // throttle: with the password's own, the fifth locks the account's sign-in.
    const thief = createSoftwareAuthenticator({ origin });
    await addPasskey(await createUser(app), thief);
    const login = await passwordLogin(account);
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const each = (
        await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: login.challenge_token })
      ).json<Options>();
      const refused = await call(undefined, 'POST', '/api/auth/second-factor/passkey', {
        challenge_token: login.challenge_token,
        ceremony_token: each.ceremony_token,
        response: thief.get({ challenge: each.options.challenge, rpId: each.options.rpId }),
      });
      answers.push(refused.json<{ code: string }>().code);
    }
    expect(answers).toEqual(['unauthorized', 'unauthorized', 'unauthorized', 'unauthorized']);
    const locked = (
      await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: login.challenge_token })
    ).json<Options>();
    const whileLocked = await call(undefined, 'POST', '/api/auth/second-factor/passkey', {
      challenge_token: login.challenge_token,
      ceremony_token: locked.ceremony_token,
      response: authenticator.get(locked.options),
    });
    expect(whileLocked.json()).toMatchObject({ code: 'locked' });
  });

  it('prove step-up for the session the ceremony was asked in, and an account with one uses it rather than an e-mailed code', async () => {
    const account = await createUser(app);
    const authenticator = createSoftwareAuthenticator({ origin });
    await addPasskey(account, authenticator);
    // A new session, not yet stepped up.
    const first = await passwordLogin(account);
    const fresh = (
      await call(undefined, 'POST', '/api/auth/second-factor/passkey/options', { challenge_token: first.challenge_token })
    ).json<Options>();
    const session = (
      await call(undefined, 'POST', '/api/auth/second-factor/passkey', {
        challenge_token: first.challenge_token,
        ceremony_token: fresh.ceremony_token,
        response: authenticator.get(fresh.options),
      })
    ).json<{ access_token: string }>().access_token;
    await app.services.database.db.execute(sql`update sessions set step_up_at = null where user_id = ${account.user.id}`);

    expect((await call(session, 'GET', '/api/account/step-up')).json()).toEqual({
      method: 'passkey',
      passkey: true,
      confirmed_until: null,
    });
    expect((await call(session, 'POST', '/api/account/passkeys/options')).json()).toEqual({
      detail: stepUpMessages.requiredPasskey,
      code: 'step_up_required',
    });
    // The e-mailed code is for accounts without a second factor.
    expect((await call(session, 'POST', '/api/account/step-up/code')).json()).toEqual({
      detail: stepUpMessages.usePasskey,
      code: 'conflict',
    });
    expect((await call(session, 'POST', '/api/account/step-up', { code: '123456' })).json()).toEqual({
      detail: stepUpMessages.usePasskey,
      code: 'conflict',
    });

    // A ceremony asked in another session of the same account does not step this one up.
    const ceremony = (await call(account.token, 'POST', '/api/account/step-up/passkey/options')).json<Options>();
    const crossed = await call(session, 'POST', '/api/account/step-up/passkey', {
      ceremony_token: ceremony.ceremony_token,
      response: authenticator.get(ceremony.options),
    });
    expect(crossed.json()).toEqual({ detail: passkeyMessages.expired, code: 'unauthorized' });

    // Five refused passkeys lock the second step for 15 minutes, naming the wait, even for the right one next.
    const thief = createSoftwareAuthenticator({ origin });
    await addPasskey(await createUser(app), thief);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const each = (await call(session, 'POST', '/api/account/step-up/passkey/options')).json<Options>();
      const refused = await call(session, 'POST', '/api/account/step-up/passkey', {
        ceremony_token: each.ceremony_token,
        response: thief.get({ challenge: each.options.challenge, rpId: each.options.rpId }),
      });
      expect(refused.json()).toEqual(
        attempt < 5
          ? { detail: passkeyMessages.refused, code: 'unauthorized' }
          : { detail: secondFactorMessages.lockedFor(15), code: 'locked' },
      );
    }
    const whileLocked = (await call(session, 'POST', '/api/account/step-up/passkey/options')).json<Options>();
    expect(
      (
        await call(session, 'POST', '/api/account/step-up/passkey', {
          ceremony_token: whileLocked.ceremony_token,
          response: authenticator.get(whileLocked.options),
        })
      ).json(),
    ).toMatchObject({ code: 'locked' });
    await app.services.database.db.execute(sql`delete from second_factor_throttles where user_id = ${account.user.id}`);

    const own = (await call(session, 'POST', '/api/account/step-up/passkey/options')).json<Options>();
    const confirmed = await call(session, 'POST', '/api/account/step-up/passkey', {
      ceremony_token: own.ceremony_token,
      response: authenticator.get(own.options),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(session, 'POST', '/api/account/passkeys/options')).statusCode).toBe(200);
    // Without a passkey, there is no ceremony to ask for.
    const plain = await createUser(app);
    expect((await call(plain.token, 'POST', '/api/account/step-up/passkey/options')).json()).toEqual({
      detail: passkeyMessages.notFound,
      code: 'conflict',
    });
  });

  it('keep only the public key and counter, and at most ten per account', async () => {
    const account = await createUser(app);
    const authenticator = createSoftwareAuthenticator({ origin });
    for (let index = 0; index < 10; index += 1) await addPasskey(account, authenticator, `Key ${index + 1}`);
    expect((await call(account.token, 'POST', '/api/account/passkeys/options')).json()).toEqual({
      detail: passkeyMessages.tooMany,
      code: 'conflict',
    });
    const rows = await selectRows<{ public_key: string; counter: string }>(
      app.services.database,
      sql`select public_key, counter::text from passkeys where user_id = ${account.user.id}`,
    );
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.public_key.length > 40 && row.counter === '0')).toBe(true);
  });
});
