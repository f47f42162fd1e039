import { paymentMessages, type AdminUserDetails } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createSuperAdmin } from '../admin/test-admins.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, deliverPaid, expectLedgerSound, fundEscrow, hire, milestonesOf, payCheckout, paymentStatus } from './test-payments.ts';
import type { App } from '../../app.ts';

const clock = createTestClock();
let app: App;
let employer: TestAccount;
let otherEmployer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  otherEmployer = await createEmployer(app, { first_name: 'Salem', last_name: 'Al Nuaimi', company_name: 'Dune Labs' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
});
afterAll(() => app.close());

const milestone = (title: string, amount: number | string) => ({ title, description: `${title} delivered`, amount, due_date: null });

describe('POST /api/jobs/{jobId}/setup-payment before funding', () => {
  it('lays the plan out again while nothing is funded, and closes a checkout opened for the old total', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(3000) });
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const oldCheckout = (await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token)).json<{
      checkout_id: string;
    }>().checkout_id;

    const again = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, {
      milestones: [milestone('Concept', 2500), milestone('Drawings', 4000)],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ message: 'Payment setup completed successfully!' });
    const replanned = await paymentStatus(app, job.id, employer.token);
    expect(replanned).toMatchObject({ payment_status: 'pending', total_amount: 6500, unfunded_amount: 6500, checkout_url: null });
    expect(replanned.milestones.map(({ title, amount }) => [title, amount])).toEqual([
      ['Concept', 2500],
      ['Drawings', 4000],
    ]);

    // The old page, paid late, is owed back: the plan it was for no longer exists.
    await deliverPaid(app, oldCheckout, clock.now());
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'pending', held_amount: 0 });
    const [owed] = await selectRows<{ status: string }>(
      app.services.database,
      sql`select status from checkouts where purpose = 'escrow' and subject_id = ${payment_id} order by created_at limit 1`,
    );
    expect(owed?.status).toMatch(/^refund/);
    // The console lists that charge and its refund among the employer's money.
    const staff = await createSuperAdmin(app);
    const details = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${employer.user.id}/transactions`,
      headers: bearer(staff.token),
    });
    expect(
      details
        .json<AdminUserDetails>()
        .transactions.filter((row) => row.type.startsWith('second_charge'))
        .map(({ type, amount }) => [type, amount]),
    ).toEqual([
      ['second_charge_refunded', 3000],
      ['second_charge', 3000],
    ]);

    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'escrowed', held_amount: 6500 });
    await expectLedgerSound(app);
  });
});

describe('POST /api/payments/{paymentId}/milestones', () => {
  it('adds a milestone to a running contract, funded on its own while the rest goes on', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [3000, 2000]);
    const added = await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('Site visit', 1500));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ message: paymentMessages.milestoneAdded });
    const status = await paymentStatus(app, job.id, professional.token);
    expect(status).toMatchObject({ payment_status: 'escrowed', total_amount: 6500, held_amount: 5000, unfunded_amount: 1500 });
    const extra = status.milestones.at(-1)!;
    expect(extra).toMatchObject({ title: 'Site visit', is_funded: false, status: 'pending' });

    // Not funded yet: it cannot be submitted; create-escrow is for the plan laid out before work.
    expect((await call(app, 'POST', `/api/milestones/${extra.id}/submit`, professional.token, {})).json().detail).toBe(
      paymentMessages.notFunded,
    );
    expect((await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token)).statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/milestones/${extra.id}/fund`, professional.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/fund`, employer.token)).json().detail).toBe(
      paymentMessages.alreadyFunded,
    );
    // Opened from the site's other address, the page is answered there, as escrow's is (decision 44).
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/milestones/${extra.id}/fund`,
      headers: { ...bearer(employer.token), origin: 'http://127.0.0.1:3000' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json<{ checkout_url: string }>().checkout_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout\//);
    const page = await app.inject({ method: 'GET', url: new URL(checkout.json<{ checkout_url: string }>().checkout_url).pathname });
    expect(page.body).toContain('AED 1,500.00');
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    const funded = await paymentStatus(app, job.id, employer.token);
    expect(funded).toMatchObject({ held_amount: 6500, unfunded_amount: 0 });
    expect(funded.milestones.at(-1)).toMatchObject({ is_funded: true, held_amount: 1500 });

    // The whole plan, the added one too, is approved: the job completes.
    for (const { id } of funded.milestones) {
      expect((await call(app, 'POST', `/api/milestones/${id}/submit`, professional.token, {})).statusCode).toBe(200);
      expect((await call(app, 'POST', `/api/milestones/${id}/approve`, employer.token, {})).statusCode).toBe(200);
    }
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({
      payment_status: 'released',
      released_amount: 6500,
      job: { status: 'completed', is_running: false },
    });
    await expectLedgerSound(app);
  });

  it('keeps the plan within the accepted price, and only for the owner of a running contract', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id } = await fundEscrow(app, employer, job.id, [5000]);
    const over = await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('More', 3000.01));
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0]).toMatchObject({
      loc: ['body', 'amount'],
      msg: 'Total milestone amount (AED 8,000.01) exceeds job budget (AED 8,000.00)',
    });
    const incomplete = await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, { title: 'More', amount: 10 });
    expect(incomplete.statusCode).toBe(422);
    const noAmount = await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, {
      title: 'More',
      description: 'More work',
      due_date: '2027-01-01',
    });
    expect(noAmount.statusCode, noAmount.body).toBe(422);
    expect(noAmount.json().detail[0]).toMatchObject({ loc: ['body', 'amount'], msg: 'This field is required' });
    expect((await call(app, 'POST', `/api/payments/${payment_id}/milestones`, otherEmployer.token, milestone('x', 1))).statusCode).toBe(
      403,
    );
    expect((await call(app, 'POST', `/api/payments/${payment_id}/milestones`, professional.token, milestone('x', 1))).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/milestones`, undefined, milestone('x', 1))).statusCode).toBe(401);
    expect(
      (await call(app, 'POST', `/api/payments/00000000-0000-4000-8000-000000000000/milestones`, employer.token, milestone('x', 1)))
        .statusCode,
    ).toBe(404);
    expect((await paymentStatus(app, job.id, employer.token)).milestones).toHaveLength(1);
  });
});

describe('PUT and DELETE /api/milestones/{id}', () => {
  it('change and take out a milestone not funded yet, never a funded one, and never the last', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [2000]);
    await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('Extra', 500));
    const extra = (await paymentStatus(app, job.id, employer.token)).milestones.at(-1)!;
    const openPage = (await call(app, 'POST', `/api/milestones/${extra.id}/fund`, employer.token)).json<{ checkout_id: string }>();

    expect((await call(app, 'PUT', `/api/milestones/${extra.id}`, professional.token, milestone('Mine', 1))).statusCode).toBe(403);
    const changed = await call(app, 'PUT', `/api/milestones/${extra.id}`, employer.token, milestone('Extra drawings', 750.5));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: paymentMessages.milestoneUpdated });
    const after = await paymentStatus(app, job.id, employer.token);
    expect(after).toMatchObject({ total_amount: 2750.5, unfunded_amount: 750.5 });
    expect(after.milestones.at(-1)).toMatchObject({ title: 'Extra drawings', amount: 750.5 });
    // The page opened for AED 500 was closed: paid late, it is owed back and funds nothing.
    await deliverPaid(app, openPage.checkout_id, clock.now());
    expect((await paymentStatus(app, job.id, employer.token)).milestones.at(-1)).toMatchObject({ is_funded: false });

    const funded = await call(app, 'PUT', `/api/milestones/${milestones[0]!.id}`, employer.token, milestone('Cheaper', 10));
    expect(funded.statusCode).toBe(409);
    expect(funded.json().detail).toBe(paymentMessages.notChangeable);
    expect((await call(app, 'DELETE', `/api/milestones/${milestones[0]!.id}`, employer.token)).statusCode).toBe(409);

    expect((await call(app, 'DELETE', `/api/milestones/${extra.id}`, otherEmployer.token)).statusCode).toBe(403);
    const removed = await call(app, 'DELETE', `/api/milestones/${extra.id}`, employer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ total_amount: 2000, unfunded_amount: 0 });
    await expectLedgerSound(app);
  });

  it('refuses to take out the only milestone of a plan', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(100) });
    const [only] = (await paymentStatus(app, job.id, employer.token)).milestones;
    const refused = await call(app, 'DELETE', `/api/milestones/${only!.id}`, employer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(paymentMessages.lastMilestone);
  });

  it('completes the job when the only milestone left unsettled is taken out', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [400]);
    await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('Maybe later', 100));
    await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {});
    await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/approve`, employer.token, {});
    expect((await paymentStatus(app, job.id, employer.token)).job.status).toBe('assigned');
    const extra = (await paymentStatus(app, job.id, employer.token)).milestones.at(-1)!;
    expect((await call(app, 'DELETE', `/api/milestones/${extra.id}`, employer.token)).statusCode).toBe(200);
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'released', job: { status: 'completed' } });
    await expectLedgerSound(app);
  });
});

describe('the room a plan has under the accepted price', () => {
  it('counts what each milestone will really pay: work refunded by a dispute can be planned again', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [5000, 3000]);
    expect((await paymentStatus(app, job.id, employer.token)).job.room_amount).toBe(0);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('More', 1))).statusCode).toBe(422);
    await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
      reason: 'Not started',
      description: 'The second part was never started.',
      milestone_id: milestones[1]!.id,
    });
    await app.services.payments.resolveDispute({ id: employer.user.id }, payment_id!, {
      decision: 'split',
      releaseMinor: 100_000,
      note: 'A third was done.',
      endContract: false,
    });
    // AED 3,000 planned, AED 1,000 of it paid, 2,000 refunded: 2,000 of the price is free again.
    expect((await paymentStatus(app, job.id, employer.token)).job.room_amount).toBe(2000);
    const again = await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('Second part, again', 2000));
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('One more', 0.01))).statusCode,
    ).toBe(422);
    await expectLedgerSound(app);
  });

  it('lets a plan over the accepted price (laid out before the rule) be brought down, never up', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id } = await fundEscrow(app, employer, job.id, [7000]);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, milestone('Extra', 1000))).statusCode).toBe(
      201,
    );
    const extra = (await paymentStatus(app, job.id, employer.token)).milestones.at(-1)!;
    // As an older plan might: its total (AED 8,500) above the AED 8,000 agreed.
    await app.services.database.db.execute(sql`update milestones set amount_minor = 150000 where id = ${extra.id}`);
    expect((await call(app, 'PUT', `/api/milestones/${extra.id}`, employer.token, milestone('Extra', 1600))).statusCode).toBe(422);
    const lower = await call(app, 'PUT', `/api/milestones/${extra.id}`, employer.token, milestone('Extra', 1200));
    expect(lower.statusCode, lower.body).toBe(200);
  });
});

describe('a checkout asked again for another amount', () => {
  it('closes the page opened for the old amount and opens one for the new', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(1000) });
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const request = (minor: number) => ({
      purpose: 'escrow' as const,
      subjectId: payment_id!,
      payerId: employer.user.id,
      amount: { minor, currency: 'AED' as const },
      description: 'Escrow',
      returnPath: `/projects/${job.id}/payment`,
    });
    // As when a plan changes between reading its total and opening its page.
    const stale = await app.services.checkouts.open(request(50_000));
    const again = await app.services.checkouts.open(request(100_000));
    expect(again.checkout_id).not.toBe(stale.checkout_id);
    expect((await app.services.paymentsRepository.findCheckout(stale.checkout_id))?.status).toBe('cancelled');
    expect((await app.services.checkouts.open(request(100_000))).checkout_id).toBe(again.checkout_id);
  });
});
