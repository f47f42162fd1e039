import type { AdminDispute, AdminProjectDetail, AuditLogResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { call, expectLedgerSound, fundEscrow, hire, paymentStatus } from '../payments/test-payments.ts';
import { createEmployer, notificationRows, notificationsSince } from '../proposals/test-jobs.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;
let admin: TestAdmin;
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  admin = await createAdmin(app, superAdmin, 'admin');
  employer = await createEmployer(app, { first_name: 'Omar', last_name: 'Al Mansoori' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
});
afterAll(() => app.close());

const balanceOf = async (userId: string) => {
  const [row] = await selectRows<{ balance: string }>(
    app.services.database,
    sql`select balance_minor::text as balance from ledger_accounts where kind = 'professional_balance' and owner_id = ${userId}`,
  );
  return Number(row?.balance ?? 0);
};

/** A job whose escrow (AED 400 and 600) is disputed by the employer about its first milestone, once submitted. */
async function disputedJob(title: string) {
  const job = await hire(app, employer, professional, { title });
  const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [400, 600]);
  const submitted = await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {
    notes: 'Home page and booking form delivered.',
    deliverable_urls: ['https://staging.clinic.ae', 'https://drive.example.ae/booking-form'],
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const opened = await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
    reason: 'Quality',
    description: 'The booking form loses the chosen time.',
    milestone_id: milestones[0]!.id,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { job, paymentId: payment_id!, milestones };
}

async function openDisputes(by: TestAdmin = superAdmin) {
  const response = await app.inject({ method: 'GET', url: '/api/admin/disputes', headers: bearer(by.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ disputes: AdminDispute[] }>().disputes;
}
const resolve = (id: string, payload: unknown, by: TestAdmin = superAdmin) =>
  app.inject({ method: 'POST', url: `/api/admin/disputes/${id}/resolve`, headers: bearer(by.token), payload: payload as object });

describe('the disputes queue', () => {
  it('lists open disputes with both parties, the statement, the milestone in dispute with its deliverables, and the money held', async () => {
    const { job, paymentId } = await disputedJob('Clinic booking site');
    const [dispute] = (await openDisputes()).filter((item) => item.payment_id === paymentId);
    expect(dispute).toMatchObject({
      project_id: job.id,
      project_title: 'Clinic booking site',
      employer: { name: 'Omar Al Mansoori', email: employer.user.email },
      professional: { name: 'Hessa Al Falasi', email: professional.user.email },
      opened_by: 'employer',
      reason: 'Quality',
      description: 'The booking form loses the chosen time.',
      currency: 'AED',
      total: 1000,
      held: 400,
      other_held: 600,
    });
    expect(
      dispute?.milestones.map((milestone) => [
        milestone.title,
        milestone.amount,
        milestone.status,
        milestone.in_dispute,
        milestone.held,
        milestone.submission_notes,
        milestone.deliverable_urls,
      ]),
    ).toEqual([
      [
        'Milestone 1',
        400,
        'submitted',
        true,
        400,
        'Home page and booking form delivered.',
        ['https://staging.clinic.ae', 'https://drive.example.ae/booking-form'],
      ],
      ['Milestone 2', 600, 'pending', false, 600, null, []],
    ]);
    // Resolving disputes is a super admin's unless granted: an admin cannot, nor can a user.
    expect((await app.inject({ method: 'GET', url: '/api/admin/disputes', headers: bearer(admin.token) })).statusCode).toBe(403);
    expect((await resolve(dispute!.id, { decision: 'refund', note: 'x' }, admin)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/disputes', headers: bearer(employer.token) })).statusCode).toBe(401);
  });

  it('resolves one by a split of the disputed milestone: paid in part, the rest refunded, both told, the contract going on', async () => {
    const { job, paymentId, milestones } = await disputedJob('Villa floor plans');
    const dispute = (await openDisputes()).find((item) => item.payment_id === paymentId)!;
    const balance = await balanceOf(professional.user.id);
    const before = await notificationRows(app);

    for (const payload of [
      { decision: 'split', note: 'Half each.' },
      { decision: 'split', release_amount: 400.01, note: 'Too much: more than the milestone in dispute holds.' },
      { decision: 'split', release_amount: 250, note: '' },
      { decision: 'halve', note: 'x' },
    ]) {
      const refused = await resolve(dispute.id, payload);
      expect([422], JSON.stringify(payload)).toContain(refused.statusCode);
    }
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('disputed');

    const resolved = await resolve(dispute.id, {
      decision: 'split',
      release_amount: 250,
      note: 'The home page was delivered; the booking form was not working.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toEqual({ message: 'Dispute resolved.' });
    // AED 250 released less the 2% fee.
    expect((await balanceOf(professional.user.id)) - balance).toBe(24_500);
    const after = await paymentStatus(app, job.id, professional.token);
    expect(after).toMatchObject({
      payment_status: 'escrowed',
      held_amount: 600,
      released_amount: 250,
      refunded_amount: 150,
      job: { status: 'assigned' },
      progress: { completed_milestones: 0, split_milestones: 1, refunded_milestones: 0, total_milestones: 2, completion_percentage: 50 },
    });
    expect(after.milestones[0]).toMatchObject({
      status: 'split',
      released_amount: 250,
      refunded_amount: 150,
      reviewer_notes: null,
      dispute: { status: 'resolved', decision: 'split', decision_note: 'The home page was delivered; the booking form was not working.' },
    });
    expect((await notificationsSince(app, before)).map((row) => [row.kind, row.user_id])).toEqual(
      [
        ['dispute_resolved', employer.user.id],
        ['dispute_resolved', professional.user.id],
      ].sort((a, b) => a[1]!.localeCompare(b[1]!)),
    );
    expect((await openDisputes()).some((item) => item.id === dispute.id)).toBe(false);
    expect((await resolve(dispute.id, { decision: 'refund', note: 'Again' })).statusCode).toBe(404);

    // The console's project detail shows the same: the milestone split, with what went each way.
    const project = await app.inject({ method: 'GET', url: `/api/admin/projects/${job.id}`, headers: bearer(superAdmin.token) });
    expect(project.json<AdminProjectDetail>().payment).toMatchObject({
      payment_status: 'escrowed',
      released_amount: 250,
      refunded_amount: 150,
      held_amount: 600,
      progress: { split_milestones: 1 },
      milestones: [
        expect.objectContaining({
          status: 'split',
          released_amount: 250,
          refunded_amount: 150,
          dispute: expect.objectContaining({ decision: 'split' }),
        }),
        expect.objectContaining({ status: 'pending', held_amount: 600 }),
      ],
    });

    // The contract goes on: the second milestone is delivered and approved, and the job completes.
    expect((await call(app, 'POST', `/api/milestones/${milestones[1]!.id}/submit`, professional.token, {})).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/milestones/${milestones[1]!.id}/approve`, employer.token, {})).statusCode).toBe(200);
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({
      payment_status: 'released',
      job: { status: 'completed' },
      released_amount: 850,
      refunded_amount: 150,
    });

    const log = await app.inject({ method: 'GET', url: `/api/admin/audit-log?search=${dispute.id}`, headers: bearer(superAdmin.token) });
    expect(log.json<AuditLogResponse>().entries).toEqual([
      expect.objectContaining({
        admin_email: superAdmin.email,
        action: 'dispute.split',
        target_type: 'dispute',
        target_id: dispute.id,
        reason: 'The home page was delivered; the booking form was not working.',
        before: { status: 'open', held_minor: 40_000, currency: 'AED' },
        after: {
          status: 'resolved',
          decision: 'split',
          released_minor: 25_000,
          refunded_minor: 15_000,
          ended_contract: false,
          refunded_other_minor: 0,
          currency: 'AED',
        },
      }),
    ]);
    await expectLedgerSound(app);
  });

  it('resolves by a full refund or a full release of the disputed milestone', async () => {
    const refunded = await disputedJob('Logo refresh');
    const release = await disputedJob('Menu translation');
    const disputes = await openDisputes();
    const idOf = (paymentId: string) => disputes.find((item) => item.payment_id === paymentId)!.id;
    const balance = await balanceOf(professional.user.id);
    expect((await resolve(idOf(refunded.paymentId), { decision: 'refund', note: 'Nothing usable was delivered.' })).statusCode).toBe(200);
    expect(await balanceOf(professional.user.id)).toBe(balance);
    expect(await paymentStatus(app, refunded.job.id, employer.token)).toMatchObject({
      payment_status: 'escrowed',
      held_amount: 600,
      refunded_amount: 400,
      milestones: [expect.objectContaining({ status: 'refunded' }), expect.objectContaining({ status: 'pending', is_funded: true })],
    });
    expect((await resolve(idOf(release.paymentId), { decision: 'release', note: 'All delivered as agreed.' })).statusCode).toBe(200);
    expect((await balanceOf(professional.user.id)) - balance).toBe(39_200);
    expect((await paymentStatus(app, release.job.id, employer.token)).milestones[0]).toMatchObject({ status: 'approved' });
    await expectLedgerSound(app);
  });

  it('ends the contract when staff say so: what escrow holds for the rest goes back, the rest is cancelled, with the reason', async () => {
    const { job, paymentId } = await disputedJob('Warehouse shelving plan');
    await call(app, 'POST', `/api/payments/${paymentId}/milestones`, employer.token, {
      title: 'Site survey',
      description: 'Measure the racks on site',
      amount: 300,
    });
    const dispute = (await openDisputes()).find((item) => item.payment_id === paymentId)!;
    const balance = await balanceOf(professional.user.id);
    const ended = await resolve(dispute.id, {
      decision: 'release',
      note: 'The plan was delivered; the employer no longer needs the rest.',
      end_contract: true,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await balanceOf(professional.user.id)) - balance).toBe(39_200);
    const after = await paymentStatus(app, job.id, employer.token);
    expect(after).toMatchObject({
      payment_status: 'released',
      held_amount: 0,
      released_amount: 400,
      refunded_amount: 600,
      total_amount: 1000,
      job: { status: 'completed', is_running: false },
      dispute: { status: 'resolved', ended_contract: true, decision: 'release' },
    });
    expect(after.milestones.map((milestone) => milestone.status)).toEqual(['approved', 'refunded', 'cancelled']);
    const [contract] = await selectRows<{ status: string }>(
      app.services.database,
      sql`select status from contracts where job_id = ${job.id}`,
    );
    expect(contract?.status).toBe('completed');
    const log = await app.inject({ method: 'GET', url: `/api/admin/audit-log?search=${dispute.id}`, headers: bearer(superAdmin.token) });
    expect(log.json<AuditLogResponse>().entries[0]?.after).toMatchObject({ ended_contract: true, refunded_other_minor: 60_000 });
    await expectLedgerSound(app);
  });
});

describe('the audit log', () => {
  it('lists every admin action newest first, by kind of target or a word, to those who may read it', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/admin/audit-log?target_type=admin', headers: bearer(superAdmin.token) });
    expect(answer.statusCode, answer.body).toBe(200);
    const entries = answer.json<AuditLogResponse>().entries;
    expect(entries.every((entry) => entry.target_type === 'admin')).toBe(true);
    expect(entries.map((entry) => entry.action)).toContain('admin.created');
    expect(entries[0]!.ip_address).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(admin.token) })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/audit-log?target_type=everything', headers: bearer(superAdmin.token) }))
        .statusCode,
    ).toBe(422);
  });
});
