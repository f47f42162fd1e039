import { paymentMessages } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, expectLedgerSound, fundEscrow, hire, milestonesOf, payCheckout, paymentStatus } from './test-payments.ts';
import type { App } from '../../app.ts';

const DAY = 86_400_000;
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

const dispute = (paymentId: string, token: string, body: Record<string, unknown>) =>
  call(app, 'POST', `/api/payments/${paymentId}/dispute`, token, { reason: 'Quality', description: 'Not as agreed.', ...body });
const submit = (id: string) => call(app, 'POST', `/api/milestones/${id}/submit`, professional.token, { notes: '', deliverable_urls: [] });
const approve = (id: string) => call(app, 'POST', `/api/milestones/${id}/approve`, employer.token, { notes: '' });

describe('POST /api/payments/{paymentId}/dispute', () => {
  it('needs a reason and a description, and answers 403 to anyone but the two parties', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id } = await fundEscrow(app, employer, job.id, [400, 600]);
    const missing = await call(app, 'POST', `/api/payments/${payment_id}/dispute`, professional.token, { reason: 'Late', description: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].msg).toBe('Please provide both reason and description for the dispute.');
    expect((await dispute(payment_id!, otherEmployer.token, {})).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/dispute`, undefined, { reason: 'x', description: 'y' })).statusCode).toBe(
      401,
    );
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('escrowed');
  });

  it('holds only the milestone in dispute: the others are submitted, approved and approved automatically', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [1000, 2000, 3000]);
    const [first, second, third] = milestones;
    expect((await submit(first!.id)).statusCode).toBe(200);
    expect((await submit(second!.id)).statusCode).toBe(200);

    const opened = await dispute(payment_id!, employer.token, { milestone_id: first!.id });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toEqual({ message: 'Dispute created successfully. Our team will review it.' });
    const status = await paymentStatus(app, job.id, professional.token);
    expect(status).toMatchObject({
      payment_status: 'disputed',
      held_amount: 6000,
      dispute: { status: 'open', opened_by: 'employer', milestone_ids: [first!.id], decision: null },
    });
    // The one on hold no longer says it will be approved automatically; the other submitted one still does.
    expect(status.milestones[0]).toMatchObject({
      status: 'submitted',
      auto_approve_at: null,
      dispute: { status: 'open', reason: 'Quality' },
    });
    expect(status.milestones[1]!.auto_approve_at).not.toBeNull();

    const held = await approve(first!.id);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ detail: paymentMessages.milestoneOnHold, code: 'conflict' });
    expect((await approve(second!.id)).statusCode).toBe(200);
    expect((await submit(third!.id)).statusCode).toBe(200);
    // A second dispute while this one is open is refused; so is one from the other side.
    expect((await dispute(payment_id!, professional.token, { milestone_id: third!.id })).json().detail).toBe(
      paymentMessages.alreadyDisputed,
    );

    // Fourteen days on, the third is approved for the employer; the one on hold waits for staff.
    clock.advance(15 * DAY);
    await app.services.payments.runAutoApprovals();
    const later = await paymentStatus(app, job.id, employer.token);
    expect(later.milestones.map((milestone) => milestone.status)).toEqual(['submitted', 'approved', 'approved']);
    expect(later).toMatchObject({ payment_status: 'disputed', held_amount: 1000, released_amount: 5000, job: { status: 'assigned' } });
    await expectLedgerSound(app);
  });

  it('answers 409 when escrow holds nothing for the milestone or the payment, and 422 for a milestone of another payment', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(100, 200) });
    const pending = await paymentStatus(app, job.id, employer.token);
    const unfunded = await dispute(pending.payment_id!, employer.token, {});
    expect(unfunded.statusCode).toBe(409);
    expect(unfunded.json()).toMatchObject({ detail: paymentMessages.nothingHeldOnPayment, code: 'conflict' });
    expect((await dispute(pending.payment_id!, employer.token, { milestone_id: pending.milestones[0]!.id })).json().detail).toBe(
      paymentMessages.nothingHeld,
    );

    const escrow = await call(app, 'POST', `/api/payments/${pending.payment_id}/create-escrow`, employer.token);
    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    const [released] = pending.milestones;
    await submit(released!.id);
    await approve(released!.id);
    const paid = await dispute(pending.payment_id!, professional.token, { milestone_id: released!.id });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe(paymentMessages.nothingHeld);

    const other = await fundEscrow(app, employer, (await hire(app, employer, professional)).id, [50]);
    const foreign = await dispute(pending.payment_id!, employer.token, { milestone_id: other.milestones[0]!.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail[0]).toMatchObject({ loc: ['body', 'milestone_id'], msg: paymentMessages.milestoneNotInPayment });
    expect((await dispute(pending.payment_id!, employer.token, { milestone_id: 'not-an-id' })).statusCode).toBe(422);
    expect((await paymentStatus(app, job.id, employer.token)).dispute).toBeNull();
  });

  it("without a milestone (the specification's call), holds every milestone escrow holds money for, and nothing else", async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [400, 600]);
    await submit(milestones[0]!.id);
    await approve(milestones[0]!.id);
    await call(app, 'POST', `/api/payments/${payment_id}/milestones`, employer.token, {
      title: 'Extra',
      description: 'Added later',
      amount: 200,
    });
    expect((await dispute(payment_id!, professional.token, {})).statusCode).toBe(201);
    const status = await paymentStatus(app, job.id, employer.token);
    expect(status.dispute?.milestone_ids).toEqual([milestones[1]!.id]);
    // The milestone added later is not in dispute: it is still funded and worked on.
    const extra = status.milestones.at(-1)!;
    const checkout = await call(app, 'POST', `/api/milestones/${extra.id}/fund`, employer.token);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    expect((await submit(extra.id)).statusCode).toBe(200);
    expect((await approve(extra.id)).statusCode).toBe(200);
    await expectLedgerSound(app);
  });
});
