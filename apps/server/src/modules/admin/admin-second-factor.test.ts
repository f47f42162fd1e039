import { adminMessages, loginMessages, secondFactorMessages } from '@mihna/shared';
import { Secret } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import {
  ADMIN_PASSWORD,
  adminLogin,
  adminToken,
  createAdmin,
  createSuperAdmin,
  nextAdminCode,
  secondStep,
  totpCode,
  type TestAdmin,
} from './test-admins.ts';

// Staff's second factor (the trust issue): every admin sets up an authenticator app at its first
// console login before any other console call answers; later logins answer a challenge that a code
// of the app turns into a session; a super admin resets another admin's, with a reason.

const clock = createTestClock(Date.parse('2026-12-03T09:00:00Z'));
let app: App;
let superAdmin: TestAdmin;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  superAdmin = await createSuperAdmin(app);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const newAdmin = async (role: 'admin' | 'moderator' = 'admin') => {
  const email = `staff.${Math.random().toString(36).slice(2)}@mihna.ae`;
  const created = await call('POST', '/api/admin/users', superAdmin.token, {
    email,
    password: ADMIN_PASSWORD,
    first_name: 'Khalid',
    last_name: 'Al Mazrouei',
    role,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { email, id: created.json<{ admin: { id: string } }>().admin.id };
};

const actionsOn = async (adminId: string) =>
  (
    await selectRows<{ action: string; reason: string | null }>(
      app.services.database,
      sql`select action, reason from admin_audit_log where target_id = ${adminId} order by created_at, id`,
    )
  ).map((row) => (row.reason ? `${row.action}: ${row.reason}` : row.action));

describe('the first console login of an admin without a second factor', () => {
  it('answers a session that opens nothing but the setting up, until a first code of the app confirms it', async () => {
    const { email, id } = await newAdmin();
    const login = await adminLogin(app, email);
    expect(login.statusCode).toBe(200);
    const session = login.json<{ access_token: string; token_type: string; second_factor_setup_required: boolean }>();
    expect(session).toMatchObject({ token_type: 'bearer', second_factor_setup_required: true });
    const refusal = { detail: adminMessages.secondFactorSetupRequired, code: 'second_factor_setup_required' };
    for (const url of ['/api/admin/me', '/api/admin/financial-stats', '/api/admin/admins']) {
      const refused = await call('GET', url, session.access_token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(refusal);
    }
    expect((await call('GET', '/api/admin/account/security', session.access_token)).json()).toEqual({
      totp_enabled: false,
      totp_enabled_at: null,
      recovery_codes_left: 0,
    });
    const started = await call('POST', '/api/admin/account/totp', session.access_token);
    const { secret, otpauth_uri } = started.json<{ secret: string; otpauth_uri: string }>();
    expect(otpauth_uri).toContain(`otpauth://totp/Mihna:${encodeURIComponent(`${email} (console)`)}`);
    // A wrong first code changes nothing.
    expect((await call('POST', '/api/admin/account/totp/confirm', session.access_token, { code: '000000' })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', session.access_token)).statusCode).toBe(403);
    const confirmed = await call('POST', '/api/admin/account/totp/confirm', session.access_token, {
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    // The same session now opens the console.
    expect((await call('GET', '/api/admin/me', session.access_token)).json()).toMatchObject({ email });
    // The next login asks for a code of the app.
    const next = (await adminLogin(app, email)).json();
    expect(next).toMatchObject({ second_factor_required: true });
    expect(next).not.toHaveProperty('access_token');
    expect(await actionsOn(id)).toEqual(['admin.created', 'admin.login', 'admin.second_factor_enrolled']);
    const list = (await call('GET', '/api/admin/admins', superAdmin.token)).json<{
      admins: { id: string; has_second_factor: boolean }[];
    }>();
    expect(list.admins.find((admin) => admin.id === id)?.has_second_factor).toBe(true);
  });

  it('lasts 30 minutes for the setting up', async () => {
    const { email } = await newAdmin();
    const session = (await adminLogin(app, email)).json<{ access_token: string }>();
    clock.advance(30 * 60_000 + 1_000);
    expect((await call('POST', '/api/admin/account/totp', session.access_token)).statusCode).toBe(401);
  });
});

describe('the second step of an admin login', () => {
  it('spends a challenge once, with a code of the app accepted once', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    const challenge = (await adminLogin(app, admin.email)).json<{ challenge_token: string }>().challenge_token;
    // The challenge opens no console route.
    expect((await call('GET', '/api/admin/me', challenge)).statusCode).toBe(401);
    const code = nextAdminCode(app, admin.email);
    const opened = await call('POST', '/api/admin/login/second-factor', undefined, { challenge_token: challenge, code });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ token_type: 'bearer', second_factor_setup_required: false });
    // The challenge is spent, and the code too: another login's challenge refuses it.
    expect((await call('POST', '/api/admin/login/second-factor', undefined, { challenge_token: challenge, code })).json()).toEqual({
      detail: loginMessages.challengeExpired,
      code: 'unauthorized',
    });
    const again = (await adminLogin(app, admin.email)).json<{ challenge_token: string }>().challenge_token;
    expect((await call('POST', '/api/admin/login/second-factor', undefined, { challenge_token: again, code })).json()).toEqual({
      detail: secondFactorMessages.wrongCode,
      code: 'unauthorized',
    });
  });

  it('expires after five minutes', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    const challenge = (await adminLogin(app, admin.email)).json<{ challenge_token: string }>().challenge_token;
    clock.advance(5 * 60_000 + 1_000);
    const late = await call('POST', '/api/admin/login/second-factor', undefined, {
      challenge_token: challenge,
      code: nextAdminCode(app, admin.email),
    });
    expect(late.json()).toEqual({ detail: loginMessages.challengeExpired, code: 'unauthorized' });
  });

  it('locks for 15 minutes after five wrong codes, each in the audit log, naming the wait', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    const challenge = (await adminLogin(app, admin.email)).json<{ challenge_token: string }>().challenge_token;
    const wrong = () => call('POST', '/api/admin/login/second-factor', undefined, { challenge_token: challenge, code: '123456' });
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await wrong()).statusCode).toBe(401);
    const fifth = await wrong();
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({ detail: secondFactorMessages.lockedFor(15), code: 'locked' });
    // Locked: even the right code waits.
    const right = await call('POST', '/api/admin/login/second-factor', undefined, {
      challenge_token: challenge,
      code: nextAdminCode(app, admin.email),
    });
    expect(right.statusCode).toBe(423);
    expect((await actionsOn(admin.id)).filter((action) => action === 'admin.second_factor_failed')).toHaveLength(6);
  });

  it('takes a recovery code in place of the app’s', async () => {
    const { email } = await newAdmin('moderator');
    const session = (await adminLogin(app, email)).json<{ access_token: string }>();
    const { secret } = (await call('POST', '/api/admin/account/totp', session.access_token)).json<{ secret: string }>();
    const codes = (
      await call('POST', '/api/admin/account/totp/confirm', session.access_token, { code: totpCode(secret, clock.now().getTime()) })
    ).json<{ recovery_codes: string[] }>().recovery_codes;
    const challenge = (await adminLogin(app, email)).json<{ challenge_token: string }>().challenge_token;
    const opened = await call('POST', '/api/admin/login/second-factor', undefined, {
      challenge_token: challenge,
      code: codes[0]!.toLowerCase(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await call('GET', '/api/admin/account/security', opened.json<{ access_token: string }>().access_token)).json()).toMatchObject({
      totp_enabled: true,
      recovery_codes_left: 9,
    });
  });
});

describe('the super admin of ADMIN_EMAIL with ADMIN_TOTP_SECRET', () => {
  it('has that secret as its authenticator from the start, so that a script computes its codes', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const email = 'bootstrap.owner@mihna.ae';
    expect(await app.services.admins.ensureSuperAdmin({ email, password: ADMIN_PASSWORD, totpSecret: secret })).toBe(true);
    // A restart with the same variables changes nothing.
    expect(await app.services.admins.ensureSuperAdmin({ email, password: ADMIN_PASSWORD, totpSecret: secret })).toBe(false);
    const challenge = (await adminLogin(app, email)).json<{ challenge_token: string }>().challenge_token;
    const opened = await call('POST', '/api/admin/login/second-factor', undefined, {
      challenge_token: challenge,
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await call('GET', '/api/admin/me', opened.json<{ access_token: string }>().access_token)).json()).toMatchObject({
      email,
      role: 'super_admin',
    });
  });
});

describe('a super admin’s reset of another admin’s second factor', () => {
  it('needs a reason, ends the admin’s sessions, is in the audit log, and the next login sets one up again', async () => {
    const admin = await createAdmin(app, superAdmin, 'admin');
    const reset = (token: string, payload: object, id = admin.id) =>
      call('POST', `/api/admin/users/${id}/second-factor/reset`, token, payload);
    expect((await reset(superAdmin.token, {})).statusCode).toBe(422);
    expect((await reset(superAdmin.token, { reason: '  ' })).json()).toMatchObject({ code: 'validation_failed' });
    expect((await reset(superAdmin.token, { reason: 'x' })).statusCode).not.toBe(422);
    // That reset went through: a second one finds nothing to reset.
    expect((await reset(superAdmin.token, { reason: 'Lost phone' })).json()).toEqual({
      detail: adminMessages.noSecondFactor,
      code: 'conflict',
    });
    expect((await call('GET', '/api/admin/me', admin.token)).statusCode).toBe(401);
    const login = (await adminLogin(app, admin.email)).json();
    expect(login).toMatchObject({ second_factor_setup_required: true });
    expect((await actionsOn(admin.id)).filter((action) => action.startsWith('admin.second_factor_reset'))).toEqual([
      'admin.second_factor_reset: x',
    ]);
  });

  it('is refused to an admin who is not a super admin, for oneself, and for an admin who is not there', async () => {
    const manager = await createAdmin(app, superAdmin, 'admin');
    const target = await createAdmin(app, superAdmin, 'moderator');
    const reason = { reason: 'Changed phones' };
    const byManager = await call('POST', `/api/admin/users/${target.id}/second-factor/reset`, manager.token, reason);
    expect(byManager.statusCode).toBe(403);
    const self = await call('POST', `/api/admin/users/${superAdmin.id}/second-factor/reset`, superAdmin.token, reason);
    expect(self.json()).toEqual({ detail: adminMessages.notYourself, code: 'forbidden' });
    const missing = await call(
      'POST',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/second-factor/reset',
      superAdmin.token,
      reason,
    );
    expect(missing.statusCode).toBe(404);
    // The target's app still works.
    expect(await adminToken(app, target.email)).toBeTruthy();
    const secondLogin = (await adminLogin(app, target.email)).json<{ challenge_token: string }>();
    expect(await secondStep(app, target.email, secondLogin.challenge_token)).toBeTruthy();
  });
});
