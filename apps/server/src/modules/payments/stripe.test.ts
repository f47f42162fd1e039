import { paymentMessages, payoutMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { stepUp, usablePayoutMethod } from '../../test/payout-methods.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, earn, expectLedgerSound, fundEscrow, hire, milestonesOf, paymentStatus } from './test-payments.ts';
import { formatInbox, readInbox } from './webhook-inbox.ts';
import type { App } from '../../app.ts';

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_standin';
const UAE_IBAN = 'AE070331234567890123456';

const clock = createTestClock();
let stripe: StripeStandIn;
let app: App;
/** The server's error log, one JSON line per entry. */
const errorLog: string[] = [];
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await createTestApp({
    clock: clock.now,
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    logger: { level: 'error', stream: { write: (line: string) => errorLog.push(line) } },
  });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Noura', last_name: 'Al Zaabi' });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const deliver = (delivery: { body: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.body,
  });

/** What a professional may pay out, in AED. */
const earnings = async (account: TestAccount) =>
  (await call(app, 'GET', '/api/earnings', account.token)).json<{ balances: { available: number }[] }>().balances[0]?.available ?? 0;
const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ total: number }>(app.services.database, query))[0]?.total ?? 0;

describe('Stripe, against a local stand-in that speaks its protocol', () => {
  let sessionId: string;
  let paid: { body: string; signature: string };
  let escrowedPaymentId: string;

  it('funds escrow through a Checkout Session created once, whatever the retries', async () => {
    const job = await hire(app, employer, professional);
    const setup = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(600, 400) });
    expect(setup.statusCode, setup.body).toBe(201);
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const first = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    const again = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json<{ checkout_url: string }>().checkout_url).toBe(first.json<{ checkout_url: string }>().checkout_url);
    const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotencyKey).toMatch(/^checkout-/);
    expect(created[0]?.form).toMatchObject({
      'line_items[0][price_data][currency]': 'aed',
      'line_items[0][price_data][unit_amount]': '100000',
    });

    escrowedPaymentId = payment_id!;
    sessionId = first.json<{ checkout_url: string }>().checkout_url.split('/').pop()!;
    paid = stripe.completeSession(sessionId, clock.now());
    const delivered = await deliver(paid);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ received: true, duplicate: false });
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('escrowed');
    await expectLedgerSound(app);
  });

  it('applies a replayed event once', async () => {
    const before = await count(sql`select count(*)::int as total from ledger_transactions where kind = 'escrow_funded'`);
    const replayed = await deliver(paid);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ duplicate: true });
    expect(await count(sql`select count(*)::int as total from ledger_transactions where kind = 'escrow_funded'`)).toBe(before);
    await expectLedgerSound(app);
  });

  it('refuses tampered, expired, unsigned and wrongly signed events with 400, storing nothing', async () => {
    const events = () => count(sql`select count(*)::int as total from provider_events`);
    const before = await events();
    const genuine = stripe.event('checkout.session.completed', { id: sessionId, payment_status: 'paid' }, clock.now());
    const tampered = { body: genuine.body.replace('"paid"', '"paid" '), signature: genuine.signature };
    const expired = stripe.event('checkout.session.completed', { id: sessionId }, new Date(clock.now().getTime() - 301_000));
    const early = stripe.event('checkout.session.completed', { id: sessionId }, new Date(clock.now().getTime() + 301_000));
    const unsigned = { body: genuine.body, signature: '' };
    const wrongSecret = { body: genuine.body, signature: genuine.signature.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`) };
    for (const delivery of [tampered, expired, early, unsigned, wrongSecret]) {
      const response = await deliver(delivery);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('bad_request');
    }
    // Within the tolerance it is accepted.
    const recent = stripe.event('customer.created', { id: 'cus_1' }, new Date(clock.now().getTime() - 299_000));
    expect((await deliver(recent)).statusCode).toBe(200);
    expect(await events()).toBe(before + 1);
  });

  it('pays out through Connect: an account for the bank account, a transfer, a payout, each under its own key', async () => {
    await earn(app, employer, professional, [1000], (checkoutUrl) =>
      deliver(stripe.completeSession(checkoutUrl.split('/').pop()!, clock.now())),
    );
    const methodId = await usablePayoutMethod(app, professional.user.id, UAE_IBAN, 'Noura Al Zaabi');
    await stepUp(app, professional.token, professional.user.email);
    const first = await call(app, 'POST', '/api/payouts', professional.token, { amount: 300, currency: 'AED', payout_method_id: methodId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: payoutMessages.requested, payout: { status: 'requested' } });
    const payout = first.json<{ payout: { id: string; status: string } }>().payout;
    const [account, transfer, sent] = ['/v1/accounts', '/v1/transfers', '/v1/payouts'].map((path) =>
      stripe.requests.filter((request) => request.path === path),
    );
    expect(account?.[0]?.form).toMatchObject({ 'external_account[account_number]': UAE_IBAN, country: 'AE' });
    expect(transfer?.[0]?.form).toMatchObject({ amount: '30000', currency: 'aed' });
    expect(sent?.[0]?.stripeAccount).toMatch(/^acct_/);
    expect([account?.[0], transfer?.[0], sent?.[0]].map((request) => request?.idempotencyKey)).toEqual([
      `account-${payout.id}`,
      `transfer-${payout.id}`,
      `payout-${payout.id}`,
    ]);
    const earnings = async () =>
      (await call(app, 'GET', '/api/earnings', professional.token)).json<{ balances: { available: number; pending_payouts: number }[] }>()
        .balances[0];
    expect(await earnings()).toMatchObject({ available: 680, pending_payouts: 300 });

    // The bank pays it: the webhook settles it once.
    const [{ provider_payout_id: providerId } = { provider_payout_id: '' }] = await selectRows<{ provider_payout_id: string }>(
      app.services.database,
      sql`select provider_payout_id from payouts where id = ${payout.id}`,
    );
    const settled = stripe.settlePayout(providerId, 'paid');
    expect((await deliver(settled)).statusCode).toBe(200);
    expect((await deliver(settled)).json()).toMatchObject({ duplicate: true });
    expect(await earnings()).toMatchObject({ available: 680, pending_payouts: 0 });

    // A second payout to the same bank account reuses its connected account; the bank returns it, and the money comes back.
    const second = await call(app, 'POST', '/api/payouts', professional.token, {
      amount: 100,
      currency: 'AED',
      payout_method_id: methodId,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(stripe.requests.filter((request) => request.path === '/v1/accounts')).toHaveLength(1);
    const secondId = second.json<{ payout: { id: string } }>().payout.id;
    const [{ provider_payout_id: secondProviderId } = { provider_payout_id: '' }] = await selectRows<{ provider_payout_id: string }>(
      app.services.database,
      sql`select provider_payout_id from payouts where id = ${secondId}`,
    );
    expect((await deliver(stripe.settlePayout(secondProviderId, 'failed'))).statusCode).toBe(200);
    expect(await earnings()).toMatchObject({ available: 680, pending_payouts: 0 });
    await expectLedgerSound(app);
  });

  it('returns the money at once when the bank account is refused for good', async () => {
    const refusedIban = 'AE460090000000123456789';
    stripe.refuseAccountNumber(refusedIban);
    const refusedMethod = await usablePayoutMethod(app, professional.user.id, refusedIban, 'Noura Al Zaabi');
    const response = await call(app, 'POST', '/api/payouts', professional.token, {
      amount: 50,
      currency: 'AED',
      payout_method_id: refusedMethod,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: payoutMessages.failed, payout: { status: 'failed' } });
    const view = (await call(app, 'GET', '/api/earnings', professional.token)).json<{ balances: { available: number }[] }>();
    expect(view.balances[0]?.available).toBe(680);
    await expectLedgerSound(app);
  });

  it("refunds what a dispute's resolution returns to the employer through Stripe, under a key naming the dispute", async () => {
    const disputed = await call(app, 'POST', `/api/payments/${escrowedPaymentId}/dispute`, employer.token, {
      reason: 'No delivery',
      description: 'Nothing was delivered by the agreed date.',
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
    await app.services.payments.resolveDispute({ id: employer.user.id }, escrowedPaymentId, {
      decision: 'split',
      releaseMinor: 25_000,
      note: 'Split after review',
      endContract: false,
    });
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.form).toMatchObject({ amount: '75000' });
    expect(refunds[0]?.form.payment_intent).toMatch(/^pi_/);
    expect(refunds[0]?.idempotencyKey).toBeTruthy();
    await expectLedgerSound(app);
  });

  it('carries out a resolution Stripe could not refund at first exactly as decided, asking the same refund again and no other', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [1000], (checkoutUrl) =>
      deliver(stripe.completeSession(checkoutUrl.split('/').pop()!, clock.now())),
    );
    await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
      reason: 'Late',
      description: 'Half was delivered.',
      milestone_id: milestones[0]!.id,
    });
    const before = stripe.requests.filter((request) => request.path === '/v1/refunds').length;
    const staff = { id: employer.user.id };
    stripe.failNext('/v1/refunds');
    await expect(
      app.services.payments.resolveDispute(staff, payment_id!, {
        decision: 'split',
        releaseMinor: 40_000,
        note: 'Split',
        endContract: false,
      }),
    ).rejects.toMatchObject({ statusCode: 503, detail: paymentMessages.refundUnavailable });
    // Nothing moved yet, and the milestone is still on hold.
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'disputed', held_amount: 1000 });
    expect((await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/approve`, employer.token, {})).statusCode).toBe(409);

    // Tried again, even as another decision: the split decided first is carried out, with the same refund.
    const balance = await earnings(professional);
    await app.services.payments.resolveDispute(staff, payment_id!, {
      decision: 'release',
      releaseMinor: 100_000,
      note: 'All',
      endContract: false,
    });
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds').slice(before);
    expect(refunds).toHaveLength(2);
    expect(refunds[1]).toMatchObject({ form: refunds[0]!.form, idempotencyKey: refunds[0]!.idempotencyKey });
    expect(refunds[0]?.form).toMatchObject({ amount: '60000' });
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ released_amount: 400, refunded_amount: 600, held_amount: 0 });
    // AED 400 less the 2% fee.
    expect((await earnings(professional)) - balance).toBe(392);
    await expectLedgerSound(app);
  });

  it('resolves a dispute once when staff resolve it twice at the same moment', async () => {
    const job = await hire(app, employer, professional);
    const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [500], (checkoutUrl) =>
      deliver(stripe.completeSession(checkoutUrl.split('/').pop()!, clock.now())),
    );
    await call(app, 'POST', `/api/payments/${payment_id}/dispute`, professional.token, {
      reason: 'Unpaid',
      description: 'Delivered in full.',
      milestone_id: milestones[0]!.id,
    });
    const before = stripe.requests.filter((request) => request.path === '/v1/refunds').length;
    const balance = await earnings(professional);
    const outcomes = await Promise.allSettled([
      app.services.payments.resolveDispute({ id: employer.user.id }, payment_id!, {
        decision: 'release',
        releaseMinor: 50_000,
        note: 'Paid',
        endContract: false,
      }),
      app.services.payments.resolveDispute({ id: employer.user.id }, payment_id!, {
        decision: 'refund',
        releaseMinor: 0,
        note: 'Back',
        endContract: false,
      }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const after = await paymentStatus(app, job.id, employer.token);
    // One decision was carried out, wholly: either all released (no refund asked) or all refunded (and nothing released).
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds').slice(before);
    if (after.released_amount === 500) {
      expect(refunds).toHaveLength(0);
      expect((await earnings(professional)) - balance).toBe(490);
    } else {
      expect(after.refunded_amount).toBe(500);
      expect(new Set(refunds.map((request) => request.idempotencyKey)).size).toBe(1);
      expect(await earnings(professional)).toBe(balance);
    }
    await expectLedgerSound(app);
  });

  it('refunds a second charge: a cancelled page paid late, after another paid for the same escrow', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(300) });
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const sessionOf = async () =>
      (await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token))
        .json<{ checkout_url: string }>()
        .checkout_url.split('/')
        .pop()!;
    const first = await sessionOf();
    const [{ id: firstCheckout } = { id: '' }] = await selectRows<{ id: string }>(
      app.services.database,
      sql`select id from checkouts where provider_session_id = ${first}`,
    );
    // The first page expires; the employer pays on a second one.
    expect(
      (await deliver(stripe.event('checkout.session.expired', { id: first, metadata: { checkout_id: firstCheckout } }, clock.now())))
        .statusCode,
    ).toBe(200);
    const second = await sessionOf();
    expect(second).not.toBe(first);
    expect((await deliver(stripe.completeSession(second, clock.now()))).statusCode).toBe(200);
    // Then the first page's payment arrives after all.
    const refundsBefore = stripe.requests.filter((request) => request.path === '/v1/refunds').length;
    expect((await deliver(stripe.completeSession(first, clock.now()))).statusCode).toBe(200);

    const status = await paymentStatus(app, job.id, employer.token);
    expect(status.payment_status).toBe('escrowed');
    expect(status.held_amount).toBe(300);
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(refunds).toHaveLength(refundsBefore + 1);
    expect(refunds.at(-1)).toMatchObject({ form: { amount: '30000' }, idempotencyKey: `duplicate-refund-${firstCheckout}` });
    const checkout = await call(app, 'GET', `/api/checkouts/${firstCheckout}`, employer.token);
    expect(checkout.json()).toMatchObject({ status: 'refunded' });
    await expectLedgerSound(app);
  });
});

describe("POST /api/payments/webhook with a completed payment that cannot be the checkout's", () => {
  interface StoredEvent {
    applied_at: Date | null;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | null;
  }
  const storedEvent = async (eventId: string) =>
    (
      await selectRows<StoredEvent>(
        app.services.database,
        sql`select applied_at, attempts, last_error, next_attempt_at from provider_events where event_id = ${eventId}`,
      )
    )[0];

  /** An escrow of AED 500 with its Checkout Session open, and the session as Stripe would describe it once paid. */
  async function openEscrowCheckout() {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(500) });
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    const sessionId = escrow.json<{ checkout_url: string }>().checkout_url.split('/').pop()!;
    const [{ id: checkoutId } = { id: '' }] = await selectRows<{ id: string }>(
      app.services.database,
      sql`select id from checkouts where provider_session_id = ${sessionId}`,
    );
    const paidSession = {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: `pi_forged_${checkoutId.slice(0, 8)}`,
      client_reference_id: checkoutId,
      metadata: { checkout_id: checkoutId },
    };
    return { job, sessionId, checkoutId, paidSession };
  }

  it.each([
    ['without amount_total or currency', {}, 'completes a payment without its amount and currency'],
    ['without a currency', { amount_total: 50_000 }, 'completes a payment without its amount and currency'],
    ['for one fils less', { amount_total: 49_999, currency: 'aed' }, 'paid 49999 AED'],
    ['in another currency', { amount_total: 50_000, currency: 'sar' }, 'paid 50000 SAR'],
  ])('stores a signed event %s as failed once, funds nothing and never retries it', async (_label, paid, reason) => {
    const { job, sessionId, checkoutId, paidSession } = await openEscrowCheckout();
    const forged = stripe.event('checkout.session.completed', { ...paidSession, ...paid }, clock.now());
    const eventId = JSON.parse(forged.body).id as string;

    const delivered = await deliver(forged);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ received: true, event_id: eventId, duplicate: false });
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('pending');
    const failed = await storedEvent(eventId);
    expect(failed).toMatchObject({ applied_at: null, attempts: 1, next_attempt_at: null });
    expect(failed?.last_error).toContain(reason);

    // Redelivered, and the retry rounds of the next day: nothing is tried again, and it was logged once.
    expect((await deliver(forged)).json()).toMatchObject({ duplicate: true });
    clock.advance(24 * 3_600_000);
    await app.services.webhooks.retryDue();
    expect(await storedEvent(eventId)).toEqual(failed);
    expect(errorLog.filter((line) => line.includes(eventId))).toHaveLength(1);

    const inbox = await readInbox(app.services.database.db, { onlyWaiting: true, limit: 50 });
    expect(inbox.events.find((event) => event.eventId === eventId)).toMatchObject({ state: 'failed', lastError: failed?.last_error });
    expect(inbox.counts.failed).toBeGreaterThanOrEqual(1);
    expect(formatInbox(inbox)).toContain(
      `${eventId}  checkout.completed\n    FAILED, not retried; 1 attempt\n    last error: ${failed?.last_error}`,
    );

    // The employer's real payment on the same page still funds the escrow, once.
    expect((await deliver(stripe.completeSession(sessionId, clock.now()))).statusCode).toBe(200);
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('escrowed');
    const [checkout] = await selectRows<{ status: string }>(
      app.services.database,
      sql`select status from checkouts where id = ${checkoutId}`,
    );
    expect(checkout?.status).toBe('paid');
    await expectLedgerSound(app);
  });
});
