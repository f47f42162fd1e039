import type { AdminProjectDetail, AdminProjectsResponse, JobDetail, JobSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob, notificationRows, notificationsSince } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;
let moderator: TestAdmin;
let support: TestAdmin;
let omar: TestAccount;
let hessa: TestAccount;
let ids: { villa: string; clinic: string; tower: string; hired: string };

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  moderator = await createAdmin(app, superAdmin, 'moderator');
  support = await createAdmin(app, superAdmin, 'support_staff');
  omar = await createEmployer(app, { first_name: 'Omar', last_name: 'Al Mansoori' });
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  const villa = await insertJob(app, omar.user.id, { title: 'Villa garden landscaping in Al Barsha', industryCategory: 'real_estate' });
  const clinic = await insertJob(app, omar.user.id, {
    title: 'موقع حجز لعيادة أسنان',
    industryCategory: 'healthcare_medical',
    budgetMinMinor: 2_000_000,
    budgetMaxMinor: 4_000_000,
    budgetMinUsd: 544_588,
    budgetMaxUsd: 1_089_176,
  });
  const tower = await insertJob(app, omar.user.id, { title: 'Tower facade 100% inspection', status: 'closed' });
  const hired = await hire(app, omar, hessa, { title: 'Office fit-out drawings' });
  ids = { villa: villa.id, clinic: clinic.id, tower: tower.id, hired: hired.id };
});
afterAll(() => app.close());

async function list(query = '', by: TestAdmin = support) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/projects${query}`, headers: bearer(by.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminProjectsResponse>();
}
const titles = (answer: AdminProjectsResponse) => answer.projects.map((project) => project.title);
const setStatus = (id: string, payload: unknown, by: TestAdmin = moderator) =>
  app.inject({ method: 'PUT', url: `/api/admin/projects/${id}/status`, headers: bearer(by.token), payload: payload as object });
const searchFor = async (word: string) =>
  (await app.inject({ method: 'GET', url: `/api/search/jobs?q=${encodeURIComponent(word)}` }))
    .json<JobSearchResponse>()
    .jobs.map((job) => job.id);

describe('GET /api/admin/projects', () => {
  it('lists every project newest first, with its state, employer, hired professional and the summary cards', async () => {
    const answer = await list();
    expect(titles(answer)).toEqual([
      'Office fit-out drawings',
      'Tower facade 100% inspection',
      'موقع حجز لعيادة أسنان',
      'Villa garden landscaping in Al Barsha',
    ]);
    expect(answer).toMatchObject({ total: 4, filtered: 4 });
    expect(answer.pagination).toEqual({ skip: 0, limit: 20, total: 4, current_page: 1, total_pages: 1, has_prev: false, has_next: false });
    expect(answer.summary).toMatchObject({ open: 2, closed: 1, assigned: 1, suspended: 0, removed: 0 });
    expect(answer.projects[0]).toMatchObject({
      status: 'assigned',
      employer_name: 'Omar Al Mansoori',
      assigned_professional_name: 'Hessa Al Falasi',
      proposal_count: 1,
      moderation_status: 'active',
      currency: 'AED',
      days_posted: 0,
    });
    expect(answer.projects[2]).toMatchObject({ budget_min: 20_000, budget_max: 40_000, industry_category: 'healthcare_medical' });
  });

  it('filters by state, industry, budget (AED) and a part of the title in any script, and pages', async () => {
    expect(titles(await list('?status=closed'))).toEqual(['Tower facade 100% inspection']);
    expect(titles(await list('?industry=real_estate'))).toEqual(['Villa garden landscaping in Al Barsha']);
    expect(titles(await list('?budget_min=15000'))).toEqual(['موقع حجز لعيادة أسنان']);
    expect(titles(await list('?search=عيادة'))).toEqual(['موقع حجز لعيادة أسنان']);
    expect(titles(await list('?search=GARDEN'))).toEqual(['Villa garden landscaping in Al Barsha']);
    // % is the letter typed, not a wildcard.
    expect(titles(await list('?search=100%25'))).toEqual(['Tower facade 100% inspection']);
    expect(titles(await list('?search=1%25'))).toEqual([]);
    const filtered = await list('?search=in&limit=1&skip=1');
    expect(filtered).toMatchObject({ total: 4, filtered: 3 });
    expect(filtered.pagination).toMatchObject({ current_page: 2, total_pages: 3, has_prev: true, has_next: true });
    for (const bad of ['?status=paused', '?industry=mining', '?budget_min=-1', '?limit=0', '?skip=x', `?search=${'a'.repeat(101)}`]) {
      const response = await app.inject({ method: 'GET', url: `/api/admin/projects${bad}`, headers: bearer(support.token) });
      expect(response.statusCode, bad).toBe(422);
    }
  });

  it('shows a project’s detail with its employer', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/projects/${ids.villa}`, headers: bearer(support.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminProjectDetail>()).toMatchObject({
      title: 'Villa garden landscaping in Al Barsha',
      description: 'A booking site in Arabic and English with SMS reminders.',
      proposals_count: 0,
      employer_info: { name: 'Omar Al Mansoori', email: omar.user.email, company: 'Falcon Tech', account_status: 'active' },
      public_url: `/projects/${ids.villa}`,
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await app.inject({ method: 'GET', url: `/api/admin/projects/${id}`, headers: bearer(support.token) });
      expect(missing.json()).toEqual({ detail: 'Project not found', code: 'not_found' });
    }
  });
});

describe('PUT /api/admin/projects/{id}/status', () => {
  it('takes a project down with a reason: it leaves search, takes no proposals, and its owner is told why', async () => {
    expect(await searchFor('landscaping')).toEqual([ids.villa]);
    const before = await notificationRows(app);
    const suspended = await setStatus(ids.villa, { status: 'suspended', reason: 'Duplicate of another listing' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ message: 'The project is now suspended' });

    expect(await searchFor('landscaping')).toEqual([]);
    expect(await notificationsSince(app, before)).toEqual([
      {
        user_id: omar.user.id,
        kind: 'project_taken_down',
        link: `/projects/${ids.villa}`,
        params: { job_title: 'Villa garden landscaping in Al Barsha', reason: 'Duplicate of another listing' },
      },
    ]);
    const proposal = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: bearer(hessa.token),
      payload: { job_id: ids.villa, proposal_text: 'I can start on Sunday.', proposed_rate: 80 },
    });
    expect(proposal.statusCode).toBe(409);
    // Its page is its owner's alone now, with staff's decision on it.
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${ids.villa}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${ids.villa}`, headers: bearer(hessa.token) })).statusCode).toBe(404);
    const own = await app.inject({ method: 'GET', url: `/api/jobs/${ids.villa}`, headers: bearer(omar.token) });
    expect(own.json<JobDetail>().moderation).toEqual({ status: 'suspended', reason: 'Duplicate of another listing' });
    const listed = await list('?status=suspended');
    expect(listed.projects.map((project) => [project.title, project.project_status, project.moderation_reason])).toEqual([
      ['Villa garden landscaping in Al Barsha', 'open', 'Duplicate of another listing'],
    ]);
    expect(listed.summary).toMatchObject({ open: 1, suspended: 1 });

    const reactivated = await setStatus(ids.villa, { status: 'active', reason: 'Duplicate removed by the owner' });
    expect(reactivated.json()).toEqual({ message: 'The project is now active' });
    expect(await searchFor('landscaping')).toEqual([ids.villa]);
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${ids.villa}` })).json<JobDetail>().moderation).toBeNull();
    const audit = await selectRows<{ action: string; reason: string; admin_email: string }>(
      app.services.database,
      sql`select action, reason, admin_email from admin_audit_log where target_id = ${ids.villa} order by created_at, id`,
    );
    expect(audit).toEqual([
      { action: 'project.suspended', reason: 'Duplicate of another listing', admin_email: moderator.email },
      { action: 'project.active', reason: 'Duplicate removed by the owner', admin_email: moderator.email },
    ]);
  });

  it('lets the hired professional still see a removed project they work on', async () => {
    expect((await setStatus(ids.hired, { status: 'removed', reason: 'Against the terms' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${ids.hired}`, headers: bearer(hessa.token) })).statusCode).toBe(200);
    expect((await list('?status=removed')).projects[0]).toMatchObject({ status: 'removed', project_status: 'assigned' });
  });

  it('needs a reason and a known status, moderate_content, and an admin’s token', async () => {
    for (const payload of [{ status: 'suspended', reason: '' }, { status: 'suspended' }, { status: 'open', reason: 'x' }, {}]) {
      expect((await setStatus(ids.clinic, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await setStatus(ids.clinic, { status: 'blocked', reason: 'Spam' }, support)).statusCode).toBe(403);
    const asUser = await app.inject({
      method: 'PUT',
      url: `/api/admin/projects/${ids.clinic}/status`,
      headers: bearer(omar.token),
      payload: { status: 'active', reason: 'Mine' },
    });
    expect(asUser.statusCode).toBe(401);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', { status: 'blocked', reason: 'Spam' })).statusCode).toBe(404);
    expect((await list('?status=blocked')).projects).toEqual([]);
  });
});

describe('the directory behind the Projects tab', () => {
  it('stays exact through statements that write many projects at once', async () => {
    const { db } = app.services.database;
    const before = (await list()).summary;
    // Three projects in one statement, then all three closed in one, then a change the directory does not hold.
    await db.execute(sql`
      insert into jobs (employer_id, title, description, skills_required, job_type, status, country, region, city, industry_category,
        payment_method, currency, budget_min_minor, budget_max_minor, budget_min_usd, budget_max_usd)
      select employer_id, 'Majlis lighting ' || n, description, skills_required, job_type, 'open', country, region, city, industry_category,
        payment_method, currency, budget_min_minor, budget_max_minor, budget_min_usd, budget_max_usd
      from jobs cross join generate_series(1, 3) as n where id = ${ids.clinic}`);
    expect((await list('?search=majlis')).projects.map((project) => project.status)).toEqual(['open', 'open', 'open']);
    expect((await list()).summary).toMatchObject({ open: before.open + 3, closed: before.closed });

    await db.execute(sql`update jobs set status = 'closed' where title like 'Majlis lighting %'`);
    await db.execute(sql`update jobs set view_count = view_count + 1 where title like 'Majlis lighting %'`);
    const after = await list('?search=majlis');
    expect(after.projects.map((project) => project.status)).toEqual(['closed', 'closed', 'closed']);
    expect(after.summary).toMatchObject({ open: before.open, closed: before.closed + 3 });
  });
});
