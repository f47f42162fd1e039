import type { AdminRole } from '@mihna/shared';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, uniqueEmail } from '../../test/accounts.ts';

export const ADMIN_PASSWORD = 'console-pass-2026';

export const adminLogin = (app: App, email: string, password = ADMIN_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });

/** Signs in and returns the admin's token. */
export async function adminToken(app: App, email: string, password = ADMIN_PASSWORD) {
  const response = await adminLogin(app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

export interface TestAdmin {
  id: string;
  email: string;
  token: string;
}

/** A super admin made as the server makes it at start (ADMIN_EMAIL and ADMIN_PASSWORD), signed in. */
export async function createSuperAdmin(app: App): Promise<TestAdmin> {
  const email = uniqueEmail('super');
  await app.services.admins.ensureSuperAdmin({ email, password: ADMIN_PASSWORD });
  const token = await adminToken(app, email);
  const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
  return { id: me.json<{ id: string }>().id, email, token };
}

/** An admin of `role` created by `by` through the console's call, signed in. */
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
