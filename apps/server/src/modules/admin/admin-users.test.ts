import type { AdminUsersResponse } from '@mihna/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { users } from '../users/users.schema.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { earn } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;
let hessa: TestAccount;
let khalid: TestAccount;
let omar: TestAccount;
let mariam: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi', industry_category: 'technology_it' });
  khalid = await createUser(app, {
    first_name: 'خالد',
    last_name: 'الشامسي',
    email: 'k.shamsi_2026@example.ae',
    industry_category: 'construction_engineering',
  });
  omar = await createEmployer(app, { first_name: 'Omar', last_name: 'Al Mansoori', industry_category: 'technology_it' });
  mariam = await createEmployer(app, { first_name: 'Mariam', last_name: 'Al Suwaidi' });
});
afterAll(() => app.close());

async function list(query = '', token = superAdmin.token) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUsersResponse>();
}
const ids = (answer: AdminUsersResponse) => answer.users.map((user) => user.id);

describe('GET /api/admin/users', () => {
  it('lists every user newest first, 20 to a page, with the summary cards and §3’s pagination', async () => {
    const answer = await list();
    expect(ids(answer)).toEqual([mariam, omar, khalid, hessa].map((account) => account.user.id));
    expect(answer.pagination).toEqual({ skip: 0, limit: 20, total: 4, current_page: 1, total_pages: 1, has_prev: false, has_next: false });
    expect(answer.summary).toEqual({ total: 4, professionals: 2, employers: 2, suspended: 0, blocked: 0 });
    expect(answer.users[0]).toMatchObject({
      full_name: 'Mariam Al Suwaidi',
      email: mariam.user.email,
      role: 'employer',
      user_type: 'employer',
      selected_emirate: 'dubai',
      is_active: true,
      account_status: 'active',
      total_earnings: 0,
      projects_posted: 0,
    });
    // Signed up and signed in through the API: the registration's sign-in is not a login, a login is.
    await app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload: { email: hessa.user.email, password: hessa.password } });
    expect((await list('?search=falasi')).users[0]?.last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('pages with skip and limit, and sorts oldest first when asked', async () => {
    const second = await list('?skip=2&limit=2');
    expect(ids(second)).toEqual([khalid, hessa].map((account) => account.user.id));
    expect(second.pagination).toEqual({ skip: 2, limit: 2, total: 4, current_page: 2, total_pages: 2, has_prev: true, has_next: false });
    expect(ids(await list('?limit=2&sort_by=created_at&sort_order=asc'))).toEqual([hessa, khalid].map((account) => account.user.id));
    // Past the last page, filtered or not, the total is still told.
    expect((await list('?skip=40')).pagination).toMatchObject({ total: 4, has_prev: true, has_next: false });
    const beyond = await list('?search=al&skip=40');
    expect(beyond.users).toEqual([]);
    expect(beyond.pagination).toMatchObject({ total: 3, current_page: 3, total_pages: 1 });
  });

  it('filters by type (worker is a professional) and industry, and counts what it found', async () => {
    expect(ids(await list('?user_type=worker'))).toEqual([khalid, hessa].map((account) => account.user.id));
    const employers = await list('?user_type=employer&industry=technology_it');
    expect(ids(employers)).toEqual([omar.user.id]);
    expect(employers.pagination.total).toBe(1);
    // The summary cards count every account, whatever the filters.
    expect(employers.summary.total).toBe(4);
  });

  it('filters by an industry named in English or Arabic as well as by its id, as the public search does', async () => {
    const byId = ids(await list('?user_type=employer&industry=technology_it'));
    expect(byId).toEqual([omar.user.id]);
    expect(ids(await list(`?user_type=employer&industry=${encodeURIComponent('Technology & IT')}`))).toEqual(byId);
    expect(ids(await list(`?user_type=employer&industry=${encodeURIComponent('التكنولوجيا وتقنية المعلومات')}`))).toEqual(byId);
    expect(ids(await list(`?industry=${encodeURIComponent('construction & ENGINEERING')}`))).toEqual([khalid.user.id]);
    const unknown = await app.inject({ method: 'GET', url: '/api/admin/users?industry=astrology', headers: bearer(superAdmin.token) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'validation_failed',
      detail: [{ loc: ['querystring', 'industry'], msg: 'Not a known industry' }],
    });
  });

  it('finds a part of a name or an e-mail address anywhere in it, in either script and any case', async () => {
    expect(ids(await list('?search=MANSOOR'))).toEqual([omar.user.id]);
    expect(ids(await list(`?search=${encodeURIComponent('الشامس')}`))).toEqual([khalid.user.id]);
    expect(ids(await list('?search=shamsi_20'))).toEqual([khalid.user.id]);
    expect(ids(await list('?search=al%20s'))).toEqual([mariam.user.id]);
    // The term is lower-cased where the names are, whatever letters it holds.
    const elodie = await createUser(app, { first_name: 'Élodie', last_name: 'Martin' });
    expect(ids(await list(`?search=${encodeURIComponent('ÉLODIE')}`))).toEqual([elodie.user.id]);
    await app.services.database.db.delete(users).where(eq(users.id, elodie.user.id));
    // LIKE's wildcards are letters like any other.
    expect(ids(await list('?search=%25'))).toEqual([]);
    expect(ids(await list('?search=k_sh'))).toEqual([]);
    expect((await list('?search=nobody-by-this-name')).pagination).toMatchObject({ total: 0, total_pages: 1, has_next: false });
  });

  it('shows each user’s earnings in AED, the projects they posted and those completed', async () => {
    await earn(app, omar, hessa, [1000, 500]);
    const [employer] = (await list('?search=mansoori')).users;
    expect(employer).toMatchObject({ projects_posted: 1, projects_completed: 1, total_earnings: 0 });
    const [professional] = (await list('?search=falasi')).users;
    // AED 1,500 released, less the 2% fee.
    expect(professional).toMatchObject({ projects_completed: 1, total_earnings: 1470 });
  });

  it('refuses parameters it cannot read on their field, and is for admins who may view users', async () => {
    for (const query of [
      '?user_type=admin',
      '?industry=astrology',
      '?limit=0',
      '?limit=101',
      '?skip=-1',
      '?sort_order=sideways',
      '?sort_by=email',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(superAdmin.token) });
      expect(response.statusCode, query).toBe(422);
    }
    const moderator = await createAdmin(app, superAdmin, 'moderator');
    expect((await list('', moderator.token)).summary.total).toBeGreaterThanOrEqual(4);
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(hessa.token) })).statusCode).toBe(401);
  });

  it('keeps its directory and summary counts with the users through every change', async () => {
    const { db } = app.services.database;
    const directory = sql`select id, role, industry_category, account_status, search_text from user_directory order by id`;
    const fromUsers = sql`select id, role, industry_category, account_status, lower(first_name || ' ' || last_name || ' ' || email) as search_text
      from users order by id`;
    const counts = sql`select role, account_status, users::int as users from user_counts where users <> 0 order by 1, 2`;
    const recounted = sql`select role, account_status, count(*)::int as users from users group by 1, 2 order by 1, 2`;
    const expectKept = async () => {
      expect(await selectRows(app.services.database, directory)).toEqual(await selectRows(app.services.database, fromUsers));
      expect(await selectRows(app.services.database, counts)).toEqual(await selectRows(app.services.database, recounted));
    };
    await expectKept();
    await db.update(users).set({ accountStatus: 'suspended', lastName: 'Al Falasi-Rashid' }).where(eq(users.id, hessa.user.id));
    await expectKept();
    expect((await list()).summary).toMatchObject({ suspended: 1 });
    expect(ids(await list('?search=rashid'))).toEqual([hessa.user.id]);
    const leaving = await createUser(app, { first_name: 'Temporary', last_name: 'Account' });
    expect(ids(await list('?search=temporary'))).toEqual([leaving.user.id]);
    await db.delete(users).where(eq(users.id, leaving.user.id));
    await expectKept();
    expect(ids(await list('?search=temporary'))).toEqual([]);
    await db.update(users).set({ accountStatus: 'active', lastName: 'Al Falasi' }).where(eq(users.id, hessa.user.id));
    await expectKept();
  });

  it('loads its directory when staff first use the console, not before', async () => {
    const lone = await createTestApp();
    try {
      await createUser(lone);
      expect(lone.services.adminDirectories.users.memory()).toBeUndefined();
      // Signing in asks for the admin's own account: the console is in use.
      await createSuperAdmin(lone);
      await vi.waitFor(() => expect(lone.services.adminDirectories.users.memory()?.entries).toBe(1));
    } finally {
      await lone.close();
    }
  });

  it('empties its counts with its directory when the users are truncated', async () => {
    const lone = await createTestApp();
    try {
      await createUser(lone);
      const count = sql`select coalesce(sum(users), 0)::int as users from user_counts`;
      expect((await selectRows<{ users: number }>(lone.services.database, count))[0]?.users).toBe(1);
      const admin = await createSuperAdmin(lone);
      const listed = async () =>
        (await lone.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin.token) })).json<AdminUsersResponse>();
      expect((await listed()).users).toHaveLength(1);
      await lone.services.database.db.execute(sql`truncate users cascade`);
      expect((await selectRows<{ users: number }>(lone.services.database, count))[0]?.users).toBe(0);
      expect((await listed()).pagination).toMatchObject({ total: 0 });
      expect(await selectRows(lone.services.database, sql`select * from dashboard_counts`)).toEqual([]);
    } finally {
      await lone.close();
    }
  });
});
