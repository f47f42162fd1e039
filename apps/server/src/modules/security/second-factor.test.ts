import { Secret, TOTP } from 'otpauth';
import { stepUpMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { stepUp } from '../../test/payout-methods.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = (account: TestAccount | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: account ? bearer(account.token) : {}, ...(payload ? { payload } : {}) });

/** The code an authenticator app shows for the secret, `stepsAhead` periods of 30 s from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function enrol(account: TestAccount) {
  await stepUp(app, account.token, account.user.email);
  const started = await call(account, 'POST', '/api/account/totp');
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await call(account, 'POST', '/api/account/totp/confirm', { code: codeOf(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('the authenticator app (TOTP)', () => {
  it('is set up from a secret given as text, an otpauth URI and a QR code, kept sealed, and confirmed by a first code', async () => {
    const account = await createUser(app);
    expect((await call(account, 'GET', '/api/account/security')).json()).toEqual({
      totp_enabled: false,
      totp_enabled_at: null,
      recovery_codes_left: 0,
    });
    // Only after step-up (the code e-mailed to the account): a stolen session cannot give the account an app of its own.
    expect((await call(account, 'POST', '/api/account/totp')).json()).toEqual({
      detail: stepUpMessages.requiredEmail,
      code: 'step_up_required',
    });
    await stepUp(app, account.token, account.user.email);
    const started = await call(account, 'POST', '/api/account/totp');
    const { secret, otpauth_uri, qr_svg } = started.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Mihna:${encodeURIComponent(account.user.email)}?issuer=Mihna&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg/);
    // The database holds the secret sealed, never as it was shown.
    const [row] = await selectRows<{ secret_sealed: string }>(
      app.services.database,
      sql`select secret_sealed from totp_authenticators where user_id = ${account.user.id}`,
    );
    expect(row!.secret_sealed).not.toContain(secret);

    // Not yet enrolled: a wrong first code changes nothing.
    expect((await call(account, 'POST', '/api/account/totp/confirm', { code: '000000' })).json()).toMatchObject({ code: 'unauthorized' });
    // Arabic-Indic digits, as a phone's keyboard may type them.
    const arabic = codeOf(secret).replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const confirmed = await call(account, 'POST', '/api/account/totp/confirm', { code: arabic });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const stored = await selectRows<{ code_hash: string }>(
      app.services.database,
      sql`select code_hash from recovery_codes where user_id = ${account.user.id}`,
    );
    expect(stored.map((each) => each.code_hash).join()).not.toContain(codes[0]!.replace('-', ''));
    expect((await call(account, 'GET', '/api/account/security')).json()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    // A second app is refused while one is set up.
    expect((await call(account, 'POST', '/api/account/totp')).json()).toMatchObject({
      code: 'conflict',
      detail: 'An authenticator app is already set up. Turn it off first to set up another.',
    });
  });

  it('accepts each code once, a recovery code once, and turns off only with a fresh one', async () => {
    const account = await createUser(app);
    const { secret, recoveryCodes } = await enrol(account);
    // The code that confirmed it is spent: turning off with it again is refused.
    const replayed = await call(account, 'POST', '/api/account/totp/disable', { code: codeOf(secret) });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      detail: 'Incorrect code. Please check the code in your authenticator app, or use a recovery code.',
    });
    // Two periods ahead is more than a phone's clock may be off.
    expect((await call(account, 'POST', '/api/account/totp/disable', { code: codeOf(secret, 2) })).statusCode).toBe(401);
    expect((await call(account, 'GET', '/api/account/security')).json()).toMatchObject({ totp_enabled: true });
    const turnedOff = await call(account, 'POST', '/api/account/totp/disable', { code: recoveryCodes[3]!.toLowerCase() });
    expect(turnedOff.statusCode, turnedOff.body).toBe(204);
    expect((await call(account, 'GET', '/api/account/security')).json()).toEqual({
      totp_enabled: false,
      totp_enabled_at: null,
      recovery_codes_left: 0,
    });
    expect((await call(account, 'POST', '/api/account/totp/disable', { code: codeOf(secret, 1) })).json()).toMatchObject({
      code: 'conflict',
      detail: 'No authenticator app is set up.',
    });
  });

  it('locks the second step for 15 minutes after five wrong codes, naming the wait, even for a right one', async () => {
    const account = await createUser(app);
    const { secret } = await enrol(account);
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await call(account, 'POST', '/api/account/totp/disable', { code: '123456' })).statusCode).toBe(401);
    const fifth = await call(account, 'POST', '/api/account/totp/disable', { code: 'WRONG-CODES' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({ code: 'locked', detail: 'Too many incorrect codes. You can try again in 15 minutes.' });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await call(account, 'POST', '/api/account/totp/disable', { code: codeOf(secret, 1) });
    expect(right.statusCode).toBe(423);
    expect((await call(account, 'GET', '/api/account/security')).json()).toMatchObject({ totp_enabled: true });
  });

  it('answers only the signed-in owner, about their own account', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/security'],
      ['POST', '/api/account/totp'],
      ['POST', '/api/account/totp/confirm'],
      ['POST', '/api/account/totp/disable'],
    ] as const) {
      const response = await call(undefined, method, url, method === 'POST' ? { code: '123456' } : undefined);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
    // One user's app and codes do nothing for another.
    const owner = await createUser(app);
    const other = await createUser(app);
    const { secret, recoveryCodes } = await enrol(owner);
    expect((await call(other, 'POST', '/api/account/totp/disable', { code: recoveryCodes[0]! })).statusCode).toBe(409);
    await stepUp(app, other.token, other.user.email);
    await call(other, 'POST', '/api/account/totp');
    expect((await call(other, 'POST', '/api/account/totp/confirm', { code: codeOf(secret, 1) })).statusCode).toBe(401);
    expect((await call(owner, 'GET', '/api/account/security')).json()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
  });

  it('makes a login ask for it: the password gives a challenge, whose token and a code give the session, once', async () => {
    const account = await createUser(app);
    const { secret, recoveryCodes } = await enrol(account);
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/enhanced-login',
        payload: { email: account.user.email, login_method: 'password', password: account.password },
      });
    const first = await login();
    expect(first.statusCode, first.body).toBe(200);
    const challenge = first.json<{ second_factor_required: boolean; challenge_token: string; access_token?: string }>();
    expect(challenge).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(challenge.access_token).toBeUndefined();
    // The challenge's token is no session.
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(challenge.challenge_token) })).statusCode).toBe(401);

    const second = (code: string, token = challenge.challenge_token) =>
      app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { challenge_token: token, code } });
    const wrong = await second('000000');
    expect(wrong.statusCode).toBe(401);
    const signedIn = await second(codeOf(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<{ access_token: string; user: { id: string } }>();
    expect(session.user.id).toBe(account.user.id);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.access_token) })).statusCode).toBe(200);
    // Spent: the same challenge opens nothing more, even with a good code.
    expect((await second(recoveryCodes[0]!)).json()).toMatchObject({
      code: 'unauthorized',
      detail: 'This sign-in has expired. Please sign in again.',
    });
    const events = await selectRows<{ success: boolean }>(
      app.services.database,
      sql`select success from login_events where user_id = ${account.user.id} and method = 'second_factor' order by created_at`,
    );
    expect(events.map((event) => event.success)).toEqual([false, true]);

    // A challenge past its five minutes opens nothing.
    const later = (await login()).json<{ challenge_token: string }>();
    await app.services.database.db.execute(
      sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${account.user.id} and used_at is null`,
    );
    expect((await second(recoveryCodes[1]!, later.challenge_token)).statusCode).toBe(401);
    expect((await call(account, 'GET', '/api/account/security')).json()).toMatchObject({ recovery_codes_left: 10 });
  });

  it('counts the second step’s wrong codes with the first step’s: three tries ask for the captcha, and a right code lifts it', async () => {
    const account = await createUser(app);
    const { secret } = await enrol(account);
    const login = (extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/enhanced-login',
        payload: { email: account.user.email, login_method: 'password', password: account.password, ...extra },
      });
    const second = (token: string, code: string) =>
      app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { challenge_token: token, code } });
    // The password (one try, booked until the second step succeeds) and two wrong codes: three tries.
    const { challenge_token } = (await login()).json<{ challenge_token: string }>();
    expect((await second(challenge_token, '111111')).statusCode).toBe(401);
    expect((await second(challenge_token, '222222')).statusCode).toBe(401);
    expect((await login()).json()).toMatchObject({ code: 'captcha_required' });
    expect((await app.inject({ method: 'GET', url: `/api/auth/login-status/${account.user.email}` })).json()).toMatchObject({
      requires_captcha: true,
    });
    // A right code lifts it all.
    expect((await second(challenge_token, codeOf(secret, 1))).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/auth/login-status/${account.user.email}` })).json()).toMatchObject({
      requires_captcha: false,
      is_locked: false,
    });
  });
});
