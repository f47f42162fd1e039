import type { AdminLoginHistory, AdminUserDetails, AdminUsersResponse, JobSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { stepUp, usablePayoutMethod } from '../../test/payout-methods.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { call, earn, expectLedgerSound, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;
let admin: TestAdmin;
let support: TestAdmin;
let moderator: TestAdmin;

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  admin = await createAdmin(app, superAdmin, 'admin');
  support = await createAdmin(app, superAdmin, 'support_staff');
  moderator = await createAdmin(app, superAdmin, 'moderator');
});
afterAll(() => app.close());

const setStatus = (id: string, payload: unknown, by: TestAdmin = admin) =>
  app.inject({ method: 'PUT', url: `/api/admin/users/${id}/status`, headers: bearer(by.token), payload: payload as object });
const remove = (id: string, by: TestAdmin = admin) =>
  app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: bearer(by.token) });
const login = (account: TestAccount) =>
  app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload: { email: account.user.email, password: account.password } });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const searchFor = async (word: string) =>
  (await app.inject({ method: 'GET', url: `/api/search/jobs?q=${word}` })).json<JobSearchResponse>().jobs.map((job) => job.id);
const accountOf = async (id: string) =>
  (
    await selectRows<{ account_status: string; status_reason: string | null; email: string; deleted_at: Date | null }>(
      app.services.database,
      sql`select account_status, status_reason, email, deleted_at from users where id = ${id}`,
    )
  )[0];
const auditOf = (targetId: string) =>
  selectRows<{ admin_email: string; action: string; reason: string | null; before: unknown; after: unknown }>(
    app.services.database,
    sql`select admin_email, action, reason, before, after from admin_audit_log where target_id = ${targetId} order by created_at, id`,
  );
async function directory(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(superAdmin.token) });
  return response.json<AdminUsersResponse>();
}

describe('PUT /api/admin/users/{id}/status', () => {
  it('suspends a user with a reason: their sessions end, sign-in is refused with the reason, and their projects leave search', async () => {
    const employer = await createEmployer(app, { first_name: 'Rashid', last_name: 'Al Nuaimi' });
    const job = await insertJob(app, employer.user.id, { title: 'Majlis lighting redesign in Sharjah' });
    expect(await searchFor('majlis')).toEqual([job.id]);

    const suspended = await setStatus(employer.user.id, { status: 'suspended', reason: 'Payment chargebacks under review' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ message: 'The account is now suspended' });

    expect((await me(employer.token)).statusCode).toBe(401);
    const refused = await login(employer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'This account is not active. Please contact support.',
      code: 'forbidden',
      reason: 'Payment chargebacks under review',
    });
    expect(await searchFor('majlis')).toEqual([]);
    // Nor can the project be seen, take a proposal or be featured while its owner is suspended.
    const professional = await createUser(app);
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(professional.token) })).statusCode).toBe(404);
    const proposal = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: bearer(professional.token),
      payload: { job_id: job.id, proposal_text: 'I can light the majlis.', proposed_rate: 80 },
    });
    expect(proposal.statusCode).toBe(409);
    const listed = await directory('?search=nuaimi');
    expect(listed.users[0]).toMatchObject({
      account_status: 'suspended',
      is_active: false,
      status_reason: 'Payment chargebacks under review',
    });
    expect(listed.summary.suspended).toBeGreaterThanOrEqual(1);
    expect(await auditOf(employer.user.id)).toEqual([
      {
        admin_email: admin.email,
        action: 'user.suspended',
        reason: 'Payment chargebacks under review',
        before: { role: 'employer', account_status: 'active', status_reason: null },
        after: { role: 'employer', account_status: 'suspended', status_reason: 'Payment chargebacks under review' },
      },
    ]);

    // Reactivated (the console's admin form of the call works for a user too, with its reason): back in search, sign-in works.
    const reactivated = await setStatus(employer.user.id, { action: 'reactivate', reason: 'Chargebacks resolved' });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(await searchFor('majlis')).toEqual([job.id]);
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(professional.token) })).statusCode).toBe(200);
    expect((await login(employer)).statusCode).toBe(200);
    expect(await accountOf(employer.user.id)).toMatchObject({ account_status: 'active', status_reason: null });
  });

  it('blocks a professional, who then cannot act with an old token, sign in or be hired', async () => {
    const professional = await createUser(app, { first_name: 'Aisha', last_name: 'Al Marri' });
    const employer = await createEmployer(app);
    const job = await insertJob(app, employer.user.id, { title: 'Reception desk joinery' });
    const proposed = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: bearer(professional.token),
      payload: { job_id: job.id, proposal_text: 'I build reception desks.', proposed_rate: 90 },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const proposalId = proposed.json<{ proposal: { id: string } }>().proposal.id;
    const blocked = await setStatus(professional.user.id, { status: 'blocked', reason: 'Fake certificates' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await me(professional.token)).statusCode).toBe(401);
    expect((await login(professional)).json()).toMatchObject({ code: 'forbidden', reason: 'Fake certificates' });
    const accepted = await app.inject({ method: 'PUT', url: `/api/proposals/${proposalId}/accept`, headers: bearer(employer.token) });
    expect(accepted.statusCode).toBe(409);
  });

  it('needs a reason (§5) and a known status, and changes nothing without them', async () => {
    const professional = await createUser(app);
    for (const payload of [
      { status: 'suspended', reason: '' },
      { status: 'suspended', reason: '   ' },
      { status: 'suspended' },
      { action: 'suspend' },
      { status: 'deleted', reason: 'No' },
      { status: 'suspended', reason: 'x'.repeat(501) },
      {},
    ]) {
      const response = await setStatus(professional.user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const missing = await setStatus(professional.user.id, { action: 'block' });
    expect(missing.json()).toEqual({
      detail: [{ loc: ['body', 'reason'], msg: 'This field is required', type: 'missing' }],
      code: 'validation_failed',
    });
    expect(await accountOf(professional.user.id)).toMatchObject({ account_status: 'active' });
    expect(await auditOf(professional.user.id)).toEqual([]);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', { status: 'blocked', reason: 'Spam' })).statusCode).toBe(404);
    expect((await setStatus('not-an-id', { status: 'blocked', reason: 'Spam' })).json()).toEqual({
      detail: 'User not found',
      code: 'not_found',
    });
  });

  it('is refused to staff without manage_users, and an admin’s status needs manage_admins', async () => {
    const professional = await createUser(app);
    for (const by of [support, moderator]) {
      const response = await setStatus(professional.user.id, { status: 'suspended', reason: 'Spam' }, by);
      expect(response.statusCode).toBe(403);
      expect((await remove(professional.user.id, by)).statusCode).toBe(403);
    }
    const platformToken = (await createUser(app)).token;
    const asUser = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${professional.user.id}/status`,
      headers: bearer(platformToken),
      payload: { status: 'suspended', reason: 'Spam' },
    });
    expect(asUser.statusCode).toBe(401);
    // An admin manages users, not other admins.
    expect((await setStatus(support.id, { action: 'suspend' }, admin)).statusCode).toBe(403);
    expect((await remove(support.id, admin)).statusCode).toBe(403);
    expect(await accountOf(professional.user.id)).toMatchObject({ account_status: 'active' });

    // The super admin suspends an admin through the same call, as the console sends it.
    const suspended = await setStatus(moderator.id, { action: 'suspend' }, superAdmin);
    expect(suspended.json()).toEqual({ message: 'Admin user suspended' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(moderator.token) })).statusCode).toBe(401);
    expect((await setStatus(moderator.id, { status: 'active', reason: 'Back from leave' }, superAdmin)).json()).toEqual({
      message: 'Admin user reactivated',
    });
    expect(
      (await auditOf(moderator.id))
        .filter((entry) => !['admin.login', 'admin.second_factor_enrolled'].includes(entry.action))
        .map((entry) => [entry.action, entry.reason]),
    ).toEqual([
      ['admin.created', null],
      ['admin.suspended', null],
      ['admin.reactivated', 'Back from leave'],
    ]);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes a user: they cannot sign in, leave the directory and its counts, and their projects leave search', async () => {
    const employer = await createEmployer(app, { first_name: 'Sultan', last_name: 'Al Dhaheri' });
    const job = await insertJob(app, employer.user.id, { title: 'Warehouse racking inspection in Jebel Ali' });
    expect(await searchFor('racking')).toEqual([job.id]);
    const before = (await directory('')).summary;

    const deleted = await remove(employer.user.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'User deleted' });

    expect((await me(employer.token)).statusCode).toBe(401);
    expect((await login(employer)).statusCode).toBe(401);
    expect(await searchFor('racking')).toEqual([]);
    expect((await directory('?search=dhaheri')).users).toEqual([]);
    expect((await directory('')).summary).toEqual({ ...before, total: before.total - 1, employers: before.employers - 1 });
    const row = await accountOf(employer.user.id);
    expect(row).toMatchObject({ account_status: 'blocked', email: `deleted-${employer.user.id}@deleted.invalid` });
    expect(row?.deleted_at).not.toBeNull();
    const [entry] = await auditOf(employer.user.id);
    expect(entry).toMatchObject({ action: 'user.deleted', after: null });
    // The log, which can never change, keeps no personal detail of someone deleted.
    expect(JSON.stringify(entry)).not.toContain(employer.user.email);
    // Deleted once: a second delete, a status change or the details find no one.
    expect((await remove(employer.user.id)).statusCode).toBe(404);
    expect((await setStatus(employer.user.id, { status: 'active', reason: 'Oops' })).statusCode).toBe(404);
  });

  it('closes a deleted employer’s open projects, telling their applicants, and withdraws a deleted professional’s proposals', async () => {
    const employer = await createEmployer(app);
    const applicant = await createUser(app);
    const job = await insertJob(app, employer.user.id, { title: 'Shopfront signage in Deira' });
    const other = await insertJob(app, (await createEmployer(app)).user.id, { title: 'Office move in Al Quoz' });
    const propose = (jobId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers: bearer(applicant.token),
        payload: { job_id: jobId, proposal_text: 'I can do this next week.', proposed_rate: 70 },
      });
    expect((await propose(job.id)).statusCode).toBe(201);
    expect((await propose(other.id)).statusCode).toBe(201);
    expect((await remove(employer.user.id)).statusCode).toBe(200);
    const statusOf = async (id: string) =>
      (
        await selectRows<{ status: string; proposal_count: number }>(
          app.services.database,
          sql`select status, proposal_count from jobs where id = ${id}`,
        )
      )[0];
    expect(await statusOf(job.id)).toMatchObject({ status: 'closed' });
    const told = await selectRows<{ kind: string }>(
      app.services.database,
      sql`select kind from notifications where user_id = ${applicant.user.id} and kind = 'job_closed'`,
    );
    expect(told).toHaveLength(1);

    expect((await remove(applicant.user.id)).statusCode).toBe(200);
    expect(await statusOf(other.id)).toMatchObject({ status: 'open', proposal_count: 0 });
    const proposals = await selectRows<{ status: string }>(
      app.services.database,
      sql`select status from proposals where worker_id = ${applicant.user.id} order by created_at`,
    );
    expect(proposals.map((row) => row.status)).toEqual(['withdrawn', 'withdrawn']);
  });

  it('keeps the money records of a deleted user, and refuses while a contract runs or money is theirs', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    await hire(app, employer, professional);
    for (const account of [employer, professional]) {
      const refused = await remove(account.user.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: 'This user has a contract in progress. It must end before the account can be deleted.',
        code: 'conflict',
      });
    }

    const payer = await createEmployer(app);
    const earner = await createUser(app);
    await earn(app, payer, earner, [500]);
    // The job completed; the professional's balance is still theirs to pay out.
    expect((await remove(earner.user.id)).json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining('money') });
    const deleted = await remove(payer.user.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entries = await selectRows<{ count: number }>(
      app.services.database,
      sql`select count(*)::int as count from payments p join contracts k on k.id = p.contract_id where k.employer_id = ${payer.user.id}`,
    );
    expect(entries[0]?.count).toBe(1);
    await expectLedgerSound(app);
  });
});

describe('the user detail calls', () => {
  it('give the figures, the latest payments and sign-ins of a user', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app, { first_name: 'Yousef', last_name: 'Al Ali' });
    await earn(app, employer, professional, [300, 200]);
    await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
      payload: { email: professional.user.email, password: 'wrong-password-1' },
    });
    await login(professional);

    const details = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${professional.user.id}/transactions`,
      headers: bearer(support.token),
    });
    expect(details.statusCode, details.body).toBe(200);
    const body = details.json<AdminUserDetails>();
    expect(body.user_info).toMatchObject({
      name: 'Yousef Al Ali',
      email: professional.user.email,
      role: 'professional',
      account_status: 'active',
    });
    // AED 500 of milestones less the 2% service fee reached the professional.
    expect(body.financial_summary).toEqual({ total_earned: 490, total_spent: 0, currency: 'AED' });
    expect(body.activity_summary).toEqual({ projects_posted: 0, projects_worked: 1 });
    // What reached the professional's balance from each release, and the fee kept from it, newest first.
    expect(body.transactions.map(({ type, amount, status, professional_id }) => ({ type, amount, status, professional_id }))).toEqual([
      { type: 'released', amount: 196, status: 'completed', professional_id: professional.user.id },
      { type: 'service_fee', amount: 4, status: 'completed', professional_id: professional.user.id },
      { type: 'released', amount: 294, status: 'completed', professional_id: professional.user.id },
      { type: 'service_fee', amount: 6, status: 'completed', professional_id: professional.user.id },
    ]);
    const spender = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${employer.user.id}/transactions`,
      headers: bearer(support.token),
    });
    const spent = spender.json<AdminUserDetails>();
    expect(spent.financial_summary).toMatchObject({ total_spent: 500, total_earned: 0 });
    expect(spent.transactions.map(({ type, amount }) => [type, amount])).toEqual([
      ['released', 200],
      ['released', 300],
      ['escrow_funded', 500],
    ]);

    const history = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${professional.user.id}/login-history`,
      headers: bearer(support.token),
    });
    expect(history.statusCode, history.body).toBe(200);
    const logins = history.json<AdminLoginHistory>().login_history;
    expect(logins.map((entry) => entry.success).slice(0, 2)).toEqual([true, false]);
    expect(logins[1]?.user_agent).toContain('iPhone');

    for (const url of [`/api/admin/users/${professional.user.id}/transactions`, `/api/admin/users/${professional.user.id}/login-history`]) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(professional.token) })).statusCode).toBe(401);
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/users/00000000-0000-4000-8000-000000000000/transactions',
          headers: bearer(support.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the user transactions of a dispute settled by a split', () => {
  it('list what really moved: funded, released, refunded, the fee and the payout, matching the ledger', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app, { first_name: 'Noura', last_name: 'Al Zaabi' });
    const job = await hire(app, employer, professional, { budgetMaxMinor: 2_000_000 }, 10_000);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [10_000]);
    await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
      reason: 'Scope',
      description: 'Half of the fit-out drawings were delivered.',
      milestone_id: milestones[0]!.id,
    });
    await app.services.payments.resolveDispute({ id: superAdmin.id }, payment_id!, {
      decision: 'split',
      releaseMinor: 600_000,
      note: 'The drawings delivered are paid; the rest is refunded.',
      endContract: false,
    });
    const methodId = await usablePayoutMethod(app, professional.user.id, 'AE070331234567890123456', 'Noura Al Zaabi');
    await stepUp(app, professional.token, professional.user.email);
    const payout = await call(app, 'POST', '/api/payouts', professional.token, {
      amount: 1000,
      currency: 'AED',
      payout_method_id: methodId,
    });
    expect(payout.statusCode, payout.body).toBe(201);

    const detailsOf = async (account: TestAccount) =>
      (
        await app.inject({ method: 'GET', url: `/api/admin/users/${account.user.id}/transactions`, headers: bearer(support.token) })
      ).json<AdminUserDetails>().transactions;
    expect((await detailsOf(employer)).map(({ type, amount, currency }) => [type, amount, currency])).toEqual([
      ['released', 6000, 'AED'],
      ['refunded', 4000, 'AED'],
      ['escrow_funded', 10_000, 'AED'],
    ]);
    const earned = await detailsOf(professional);
    expect(earned.map(({ type, amount, status }) => [type, amount, status])).toEqual([
      ['payout', 1000, expect.stringMatching(/^(requested|paid)$/)],
      ['released', 5880, 'completed'],
      ['service_fee', 120, 'completed'],
    ]);
    // What is listed adds up to the professional's balance in the ledger.
    const [balance] = await selectRows<{ balance: string }>(
      app.services.database,
      sql`select balance_minor::text as balance from ledger_accounts where kind = 'professional_balance' and owner_id = ${professional.user.id}`,
    );
    expect(Number(balance?.balance)).toBe((5880 - 1000) * 100);
    await expectLedgerSound(app);
  });
});
