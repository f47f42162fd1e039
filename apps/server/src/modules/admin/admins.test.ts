import { adminMay, adminMessages, adminRoles, loginMessages, rolePermissions, type AdminRole } from '@mihna/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { adminActorOf } from './admin-auth.service.ts';
import { admins } from './admin.schema.ts';
import { ADMIN_PASSWORD, adminLogin, adminToken, createAdmin, createSuperAdmin, secondStep, type TestAdmin } from './test-admins.ts';

const clock = createTestClock(Date.parse('2026-11-26T08:00:00Z'));
let app: App;
let superAdmin: TestAdmin;
let user: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  superAdmin = await createSuperAdmin(app);
  user = await createUser(app);
});
afterAll(() => app.close());

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const put = (url: string, token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });

/** The admin's row as the service reads it, for calls whose routes come with the users tab. */
const actorFor = async (admin: TestAdmin) => {
  const [row] = await app.services.database.db.select().from(admins).where(eq(admins.id, admin.id));
  return adminActorOf(row!, '127.0.0.1');
};

const auditOf = (targetId: string) =>
  selectRows<{ action: string; admin_email: string; before: unknown; after: unknown; ip_address: string | null }>(
    app.services.database,
    sql`select action, admin_email, before, after, ip_address from admin_audit_log where target_id = ${targetId} order by created_at, id`,
  );

describe('admin sign-in', () => {
  it('answers a wrong password and an unknown address alike, and signs in with the right one', async () => {
    const wrong = await adminLogin(app, superAdmin.email, 'not-the-password');
    const unknown = await adminLogin(app, 'nobody@example.ae', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ detail: loginMessages.wrongCredentials, code: 'unauthorized' });
    const signedIn = await adminLogin(app, superAdmin.email.toUpperCase());
    expect(signedIn.statusCode).toBe(200);
    const challenge = signedIn.json<{ second_factor_required: boolean; challenge_token: string; methods: string[] }>();
    expect(challenge).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    const me = await get('/api/admin/me', await secondStep(app, superAdmin.email, challenge.challenge_token));
    expect(me.json()).toMatchObject({ email: superAdmin.email, role: 'super_admin', is_active: true });
    expect(me.json<{ permissions: string[] }>().permissions).toEqual([...rolePermissions.super_admin]);
  });

  it('locks an address for 30 minutes after five failures, the right password included, and lets it in after', async () => {
    const admin = await createAdmin(app, superAdmin, 'support_staff');
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await adminLogin(app, admin.email, 'wrong-password')).statusCode).toBe(401);
    const fifth = await adminLogin(app, admin.email, 'wrong-password');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json<{ detail: string }>().detail).toBe(loginMessages.lockedFor(30));
    expect((await adminLogin(app, admin.email)).statusCode).toBe(423);
    clock.advance(30 * 60_000 + 1_000);
    const accepted = await adminLogin(app, admin.email);
    expect(accepted.statusCode).toBe(200);
    await secondStep(app, admin.email, accepted.json<{ challenge_token: string }>().challenge_token);
    // Every refusal is in the audit log, with the address tried and where from.
    const attempts = (await auditOf(admin.id)).filter((entry) => entry.action.startsWith('admin.login'));
    expect(attempts.map((entry) => entry.action)).toEqual([
      'admin.login',
      ...Array<string>(4).fill('admin.login_failed'),
      'admin.login_locked',
      'admin.login_locked',
      'admin.login',
    ]);
    expect(attempts.every((entry) => entry.admin_email === admin.email && entry.ip_address !== null)).toBe(true);
  });

  it('keeps the two kinds of token apart: a user’s opens no admin route, an admin’s no user route', async () => {
    expect((await get('/api/admin/me', user.token)).statusCode).toBe(401);
    expect((await get('/api/admin/admins', user.token)).statusCode).toBe(401);
    expect((await get('/api/users/me', superAdmin.token)).statusCode).toBe(401);
    expect((await get('/api/dashboard/stats', superAdmin.token)).statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const token = await adminToken(app, superAdmin.email);
    expect((await app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) })).json()).toEqual({ success: true });
    expect((await get('/api/admin/me', token)).statusCode).toBe(401);
  });
});

describe('every admin route with every role', () => {
  it('declares its rule, refuses no token and a user’s token, and lets in exactly the roles §6 gives it', async () => {
    const table = app.services.adminRouteTable;
    expect(table.length).toBeGreaterThanOrEqual(7);
    const tokens: Record<AdminRole, string> = { super_admin: superAdmin.token } as Record<AdminRole, string>;
    for (const role of adminRoles.filter((role) => role !== 'super_admin')) tokens[role] = (await createAdmin(app, superAdmin, role)).token;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const send = (method: string, url: string, token?: string) =>
      app.inject({
        method: method as 'GET',
        url: `/api/admin${url.replace(/^\/api\/admin/, '')}`.replace(':id', unknownId),
        headers: token ? bearer(token) : {},
        ...(method === 'GET' ? {} : { payload: {} }),
      });
    // A super admin's session before it has set up its second factor, and a login's challenge.
    const settingUp = await app.services.admins.ensureSuperAdmin({ email: 'setting.up@mihna.ae', password: ADMIN_PASSWORD });
    expect(settingUp).toBe(true);
    const setupSession = (await adminLogin(app, 'setting.up@mihna.ae')).json<{
      access_token: string;
      second_factor_setup_required: boolean;
    }>();
    expect(setupSession.second_factor_setup_required).toBe(true);
    const challenge = (await adminLogin(app, superAdmin.email)).json<{ challenge_token: string }>().challenge_token;
    expect(challenge).toBeTruthy();
    const seen: string[] = [];
    for (const route of table) {
      if (route.rule === 'public') continue;
      const where = `${route.method} ${route.url}`;
      seen.push(where);
      expect((await send(route.method, route.url)).statusCode, `${where} without a token`).toBe(401);
      expect((await send(route.method, route.url, user.token)).statusCode, `${where} with a user's token`).toBe(401);
      expect((await send(route.method, route.url, challenge)).statusCode, `${where} with a login's challenge`).toBe(401);
      const whileSettingUp = await send(route.method, route.url, setupSession.access_token);
      if (route.rule === 'setup') expect([401, 403], `${where} while setting up`).not.toContain(whileSettingUp.statusCode);
      else
        expect(whileSettingUp.json(), `${where} while setting up`).toEqual({
          detail: adminMessages.secondFactorSetupRequired,
          code: 'second_factor_setup_required',
        });
      if (route.rule === 'setup') continue;
      for (const role of adminRoles) {
        const isAllowed =
          route.rule === 'signed_in' ||
          (adminMay({ role, permissions: rolePermissions[role] }, route.rule) &&
            (!route.url.endsWith('/second-factor/reset') || role === 'super_admin'));
        const status = (await send(route.method, route.url, tokens[role])).statusCode;
        if (isAllowed) expect([401, 403], `${where} as ${role}`).not.toContain(status);
        else expect(status, `${where} as ${role}`).toBe(403);
      }
    }
    expect(seen).toContain('POST /api/admin/users');
  });

  it('answers 403 in the catalogue’s words', async () => {
    const moderator = await createAdmin(app, superAdmin, 'moderator');
    expect((await get('/api/admin/admins', moderator.token)).json()).toEqual({ detail: adminMessages.forbidden, code: 'forbidden' });
  });
});

describe('managing admins', () => {
  it('creates an admin (role admin by default), lists it, and refuses a second account for the address', async () => {
    const payload = { email: 'hamdan.alnuaimi@mihna.ae', password: 'quiet-desk-7', first_name: 'Hamdan', last_name: 'Al Nuaimi' };
    const created = await app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(superAdmin.token), payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: adminMessages.created, admin: { role: 'admin', is_active: true } });
    const { admin } = created.json<{ admin: { id: string } }>();
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(superAdmin.token),
      payload: { ...payload, email: 'Hamdan.AlNuaimi@mihna.ae' },
    });
    expect(again.json()).toEqual({ detail: adminMessages.emailTaken, code: 'conflict' });
    const list = (await get('/api/admin/admins', superAdmin.token)).json<{ admins: { id: string; email: string }[] }>();
    expect(list.admins.map((each) => each.id)).toContain(admin.id);
    expect(JSON.stringify(list)).not.toContain('password');
    expect(await auditOf(admin.id)).toEqual([
      expect.objectContaining({ action: 'admin.created', admin_email: superAdmin.email, ip_address: '127.0.0.1', before: null }),
    ]);
    // Signing in is recorded too, with where it came from.
    await adminLogin(app, payload.email, payload.password);
    expect((await auditOf(admin.id)).at(-1)).toMatchObject({ action: 'admin.login', admin_email: payload.email, ip_address: '127.0.0.1' });
  });

  it('refuses bad input on its field in the catalogue’s words, and stores nothing', async () => {
    const before = (await get('/api/admin/admins', superAdmin.token)).json<{ admins: unknown[] }>().admins.length;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(superAdmin.token),
      payload: { email: 'not-an-address', password: '12345', first_name: ' ', last_name: 'Ali', role: 'owner' },
    });
    expect(refused.statusCode).toBe(422);
    const detail = refused.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
    const said = Object.fromEntries(detail.map((issue) => [issue.loc.at(-1), issue.msg]));
    expect(said).toMatchObject({
      email: 'Please enter a valid email address',
      password: 'Must be at least 6 characters',
      first_name: 'This field is required',
      role: 'Invalid format',
    });
    expect((await get('/api/admin/admins', superAdmin.token)).json<{ admins: unknown[] }>().admins).toHaveLength(before);
  });

  it('changes a password: the old one and the admin’s sessions stop working at once', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    expect((await put(`/api/admin/users/${admin.id}/password`, superAdmin.token, { new_password: 'abc' })).statusCode).toBe(422);
    const changed = await put(`/api/admin/users/${admin.id}/password`, superAdmin.token, { new_password: 'new-pass-99' });
    expect(changed.json()).toEqual({ message: adminMessages.passwordChanged });
    expect((await get('/api/admin/me', admin.token)).statusCode).toBe(401);
    expect((await adminLogin(app, admin.email)).statusCode).toBe(401);
    expect((await adminLogin(app, admin.email, 'new-pass-99')).statusCode).toBe(200);
    expect((await auditOf(admin.id)).map((entry) => entry.action)).toContain('admin.password_changed');
    expect(JSON.stringify(await auditOf(admin.id))).not.toContain('new-pass-99');
  });

  it('sets a role and permissions that take effect on the admin’s next call, and audits before and after', async () => {
    const admin = await createAdmin(app, superAdmin, 'support_staff');
    expect((await get('/api/admin/admins', admin.token)).statusCode).toBe(403);
    const updated = await put(`/api/admin/users/${admin.id}/permissions`, superAdmin.token, {
      role: 'support_staff',
      permissions: ['view_users', 'view_analytics', 'view_admins'],
    });
    expect(updated.json()).toMatchObject({ message: adminMessages.permissionsUpdated, admin: { role: 'support_staff' } });
    expect((await get('/api/admin/admins', admin.token)).statusCode).toBe(200);
    const entry = (await auditOf(admin.id)).find((each) => each.action === 'admin.permissions_changed');
    expect(entry).toMatchObject({
      action: 'admin.permissions_changed',
      before: { permissions: ['view_users', 'view_analytics'] },
      after: { permissions: ['view_users', 'view_analytics', 'view_admins'] },
    });
    const refused = await put(`/api/admin/users/${admin.id}/permissions`, superAdmin.token, {
      role: 'admin',
      permissions: ['launch_rockets'],
    });
    expect(refused.statusCode).toBe(422);
  });

  it('never grants the management of admins to anyone but a super admin', async () => {
    const admin = await createAdmin(app, superAdmin, 'admin');
    const granted = await put(`/api/admin/users/${admin.id}/permissions`, superAdmin.token, {
      role: 'admin',
      permissions: ['view_users', 'manage_admins'],
    });
    expect(granted.statusCode).toBe(422);
    // Even a list that holds it (written by hand) does not let a non-super admin manage admins.
    await app.services.database.db.execute(
      sql`update admins set permissions = array['view_admins', 'manage_admins'] where id = ${admin.id}`,
    );
    expect(adminMay({ role: 'admin', permissions: ['manage_admins'] }, 'manage_admins')).toBe(false);
    const escalation = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin.token),
      payload: { email: 'second.owner@mihna.ae', password: ADMIN_PASSWORD, first_name: 'Second', last_name: 'Owner', role: 'super_admin' },
    });
    expect(escalation.statusCode).toBe(403);
    expect((await put(`/api/admin/users/${superAdmin.id}/password`, admin.token, { new_password: 'taken-over-1' })).statusCode).toBe(403);
  });

  it('lets no admin change their own role or permissions, and no one manage admins without the permission', async () => {
    const own = await put(`/api/admin/users/${superAdmin.id}/permissions`, superAdmin.token, { role: 'admin', permissions: [] });
    expect(own.json()).toEqual({ detail: adminMessages.notYourself, code: 'forbidden' });
    const admin = await createAdmin(app, superAdmin, 'admin');
    const other = await createAdmin(app, superAdmin, 'moderator');
    expect((await put(`/api/admin/users/${other.id}/permissions`, admin.token, { role: 'admin', permissions: [] })).statusCode).toBe(403);
    expect((await put(`/api/admin/users/${other.id}/password`, admin.token, { new_password: 'taken-over-1' })).statusCode).toBe(403);
    expect((await put(`/api/admin/users/not-an-id/password`, superAdmin.token, { new_password: 'whatever-1' })).statusCode).toBe(404);
  });

  it('never leaves the console without an active super admin', async () => {
    // A console of its own, so that the other tests' super admins do not count.
    const lone = await createTestApp({ clock: clock.now });
    try {
      const first = await createSuperAdmin(lone);
      const second = await createAdmin(lone, first, 'super_admin');
      const firstActor = await (async () => {
        const [row] = await lone.services.database.db.select().from(admins).where(eq(admins.id, first.id));
        return adminActorOf(row!, '127.0.0.1');
      })();
      // The second may be suspended while the first remains; then the first is the last, and stays.
      await lone.services.admins.changeStatus(firstActor, second.id, 'suspend');
      const secondRow = await lone.services.database.db.select().from(admins).where(eq(admins.id, second.id));
      const secondActor = adminActorOf(secondRow[0]!, '127.0.0.1');
      await expect(lone.services.admins.changeStatus({ ...secondActor, role: 'super_admin' }, first.id, 'block')).rejects.toMatchObject({
        detail: adminMessages.lastSuperAdmin,
      });
      await expect(lone.services.admins.remove({ ...secondActor, role: 'super_admin' }, first.id)).rejects.toMatchObject({
        detail: adminMessages.lastSuperAdmin,
      });
      const demoted = await lone.inject({
        method: 'PUT',
        url: `/api/admin/users/${second.id}/permissions`,
        headers: bearer(first.token),
        payload: { role: 'admin', permissions: [] },
      });
      // The second is suspended: demoting them leaves the first active, so it is allowed.
      expect(demoted.statusCode).toBe(200);
    } finally {
      await lone.close();
    }
  });

  it('suspends an admin: their session stops at once and they cannot sign in; reactivated, they can', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    const actor = await actorFor(superAdmin);
    expect(await app.services.admins.changeStatus(actor, admin.id, 'suspend')).toMatchObject({ message: 'Admin user suspended' });
    expect((await get('/api/admin/me', admin.token)).statusCode).toBe(401);
    expect((await adminLogin(app, admin.email)).json()).toEqual({ detail: adminMessages.inactive, code: 'forbidden' });
    await app.services.admins.changeStatus(actor, admin.id, 'reactivate');
    expect((await adminLogin(app, admin.email)).statusCode).toBe(200);
    await expect(app.services.admins.changeStatus(actor, superAdmin.id, 'suspend')).rejects.toMatchObject({
      detail: adminMessages.notYourself,
    });
    expect((await auditOf(admin.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['admin.suspended', 'admin.reactivated']),
    );
  });

  it('deletes an admin: they cannot sign in, their address is free again, and the audit log keeps them', async () => {
    const admin = await createAdmin(app, superAdmin, 'moderator');
    const actor = await actorFor(superAdmin);
    await app.services.admins.remove(actor, admin.id);
    expect((await get('/api/admin/me', admin.token)).statusCode).toBe(401);
    expect((await adminLogin(app, admin.email)).statusCode).toBe(401);
    const list = (await get('/api/admin/admins', superAdmin.token)).json<{ admins: { id: string }[] }>();
    expect(list.admins.map((each) => each.id)).not.toContain(admin.id);
    expect((await auditOf(admin.id)).at(-1)).toMatchObject({ action: 'admin.deleted', after: null, before: { email: admin.email } });
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(superAdmin.token),
      payload: { email: admin.email, password: ADMIN_PASSWORD, first_name: 'Noura', last_name: 'Al Kaabi', role: 'moderator' },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, even by a statement run on the database', async () => {
    const { db } = app.services.database;
    await expect(db.execute(sql`update admin_audit_log set reason = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    expect(
      (await selectRows<{ count: number }>(app.services.database, sql`select count(*)::int as count from admin_audit_log`))[0]!.count,
    ).toBeGreaterThan(0);
  });
});

describe('the super admin of ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('is created once at start, and an existing one is left as it is', async () => {
    const email = 'owner@mihna.ae';
    expect(await app.services.admins.ensureSuperAdmin({ email, password: ADMIN_PASSWORD })).toBe(true);
    expect(await app.services.admins.ensureSuperAdmin({ email, password: 'another-password' })).toBe(false);
    expect((await adminLogin(app, email)).statusCode).toBe(200);
    expect((await adminLogin(app, email, 'another-password')).statusCode).toBe(401);
  });
});
