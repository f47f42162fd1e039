import type { AdminRole } from '@mihna/shared';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, uniqueEmail } from '../../test/accounts.ts';

export const ADMIN_PASSWORD = 'console-pass-2026';

export const adminLogin = (app: App, email: string, password = ADMIN_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });

/**
 * The authenticator apps of the tests' admins, by address: the secret, the last time step a code of it
 * was sent (each code is accepted once) and the recovery codes not yet spent.
 */
const authenticators = new Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>();

/** The code an authenticator app shows for `secret` at the step of `timestamp`. */
export const totpCode = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/**
 * A code of the admin's app not sent before, by the app's clock: this step's or the next (the server
 * allows a step either way), else a recovery code.
 */
export function nextAdminCode(app: App, email: string) {
  const authenticator = authenticators.get(email);
  if (!authenticator) throw new Error(`${email} has no authenticator the tests know of`);
  const now = app.services.clock().getTime();
  const step = Math.max(Math.floor(now / 30_000), authenticator.lastStep + 1);
  if (step <= Math.floor(now / 30_000) + 1) {
    authenticator.lastStep = step;
    return totpCode(authenticator.secret, step * 30_000);
  }
  const recovery = authenticator.recoveryCodes.shift();
  if (!recovery) throw new Error(`${email} has spent its codes: sign in less often`);
  return recovery;
}

/** Sets up the admin's authenticator app with the setting-up session `token`, as the console does. */
export async function setUpAdminSecondFactor(app: App, email: string, token: string) {
  const started = await app.inject({ method: 'POST', url: '/api/admin/account/totp', headers: bearer(token) });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  authenticators.set(email, { secret, lastStep: -1, recoveryCodes: [] });
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/admin/account/totp/confirm',
    headers: bearer(token),
    payload: { code: nextAdminCode(app, email) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  authenticators.get(email)!.recoveryCodes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
  return secret;
}

/** The login's second step with the next code of the admin's app: the session's token. */
export async function secondStep(app: App, email: string, challengeToken: string) {
  const second = await app.inject({
    method: 'POST',
    url: '/api/admin/login/second-factor',
    payload: { challenge_token: challengeToken, code: nextAdminCode(app, email) },
  });
  expect(second.statusCode, second.body).toBe(200);
  return second.json<{ access_token: string }>().access_token;
}

/**
 * Signs in and returns the admin's token, through the second step with a code of its app, or
 * setting one up first when it has none.
 */
export async function adminToken(app: App, email: string, password = ADMIN_PASSWORD) {
  const response = await adminLogin(app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ access_token?: string; second_factor_setup_required?: boolean; challenge_token?: string }>();
  if (body.challenge_token) return secondStep(app, email, body.challenge_token);
  if (body.second_factor_setup_required) await setUpAdminSecondFactor(app, email, body.access_token!);
  return body.access_token!;
}

export interface TestAdmin {
  id: string;
  email: string;
  token: string;
}

/**
 * A super admin made as the server makes it at start (ADMIN_EMAIL and ADMIN_PASSWORD, with an
 * ADMIN_TOTP_SECRET), signed in.
 */
export async function createSuperAdmin(app: App): Promise<TestAdmin> {
  const email = uniqueEmail('super');
  const secret = new Secret({ size: 20 }).base32;
  await app.services.admins.ensureSuperAdmin({ email, password: ADMIN_PASSWORD, totpSecret: secret });
  authenticators.set(email, { secret, lastStep: -1, recoveryCodes: [] });
  const token = await adminToken(app, email);
  const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
  return { id: me.json<{ id: string }>().id, email, token };
}

/** An admin of `role` created by `by` through the console's call, signed in (its app set up at its first login). */
export async function createAdmin(app: App, by: TestAdmin, role: AdminRole): Promise<TestAdmin> {
  const email = uniqueEmail(role.replace('_', '-'));
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: bearer(by.token),
    payload: { email, password: ADMIN_PASSWORD, first_name: 'Noura', last_name: 'Al Kaabi', role },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ admin: { id: string } }>().admin.id, email, token: await adminToken(app, email) };
}
