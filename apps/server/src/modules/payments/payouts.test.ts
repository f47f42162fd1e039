import { messages, payoutMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, earn, expectLedgerSound } from './test-payments.ts';
import { stepUp, usablePayoutMethod } from '../../test/payout-methods.ts';
import type { App } from '../../app.ts';

const clock = createTestClock();
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let otherProfessional: TestAccount;
let methodId: string;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Mariam', last_name: 'Al Ketbi' });
  otherProfessional = await createUser(app, { first_name: 'Khalid', last_name: 'Al Shamsi' });
  methodId = await usablePayoutMethod(app, professional.user.id);
  await stepUp(app, professional.token, professional.user.email);
  await stepUp(app, otherProfessional.token, otherProfessional.user.email);
});
afterAll(() => app.close());

interface EarningsBody {
  balances: { currency: string; available: number; pending_payouts: number; in_escrow: number; earned: number; paid_out: number }[];
  history: { kind: string; amount: number; currency: string; job: { id: string; title: string } | null }[];
  payouts: { id: string; amount: number; status: string; iban_last4: string }[];
}

async function earnings(token: string) {
  const response = await call(app, 'GET', '/api/earnings', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EarningsBody>();
}

const payoutCount = async () =>
  (await selectRows<{ total: number }>(app.services.database, sql`select count(*)::int as total from payouts`))[0]?.total;

const requestPayout = (token: string, payload: Record<string, unknown>) =>
  call(app, 'POST', '/api/payouts', token, { currency: 'AED', payout_method_id: methodId, ...payload });

describe('earnings and payouts', () => {
  it('shows what released milestones earned, less the 2% fee, and what is still in escrow', async () => {
    await earn(app, employer, professional, [1000, 500]);
    const view = await earnings(professional.token);
    expect(view.balances).toEqual([{ currency: 'AED', available: 1470, pending_payouts: 0, in_escrow: 0, earned: 1470, paid_out: 0 }]);
    expect(view.history.map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ['milestone_released', 980],
        ['milestone_released', 490],
      ]),
    );
    expect(view.history[0]?.job?.title).toBeTruthy();
    await expectLedgerSound(app);
  });

  it('refuses bad amounts and bank accounts in the spec words, changing nothing', async () => {
    const before = await payoutCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -5 }, messages.min(0)],
      [{ amount: 0 }, messages.min(0)],
      [{ amount: 'lots' }, messages.validNumber],
      [{ amount: 10.005 }, messages.tooManyDecimals(2)],
      [{ amount: 1e12 }, messages.max(1_000_000_000)],
      [{ amount: 10, payout_method_id: '' }, payoutMessages.methodRequired],
      [{ amount: 10, currency: 'XYZ' }, messages.invalidFormat],
    ];
    for (const [payload, message] of cases) {
      const response = await requestPayout(professional.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    const overdrawn = await requestPayout(professional.token, { amount: 1470.01 });
    expect(overdrawn.statusCode).toBe(409);
    expect(overdrawn.json()).toEqual({ detail: payoutMessages.overdrawn, code: 'conflict' });
    const noBalance = await requestPayout(professional.token, { amount: 10, currency: 'SAR' });
    expect(noBalance.json()).toEqual({ detail: payoutMessages.noBalance, code: 'conflict' });
    expect(await payoutCount()).toBe(before);
    expect((await earnings(professional.token)).balances[0]?.available).toBe(1470);
  });

  it('lets only professionals ask, each for their own balance', async () => {
    expect((await call(app, 'GET', '/api/earnings', employer.token)).statusCode).toBe(403);
    expect((await requestPayout(employer.token, { amount: 10 })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/earnings')).statusCode).toBe(401);
    // Another professional can pay out to none of this one's methods, and has nothing to pay out.
    expect((await requestPayout(otherProfessional.token, { amount: 10 })).json()).toEqual({
      detail: payoutMessages.methodNotFound,
      code: 'not_found',
    });
    const ownMethod = await usablePayoutMethod(app, otherProfessional.user.id, 'SA0380000000608010167519', 'Khalid Al Shamsi');
    expect((await requestPayout(otherProfessional.token, { amount: 10, payout_method_id: ownMethod })).statusCode).toBe(409);
    expect((await earnings(otherProfessional.token)).balances).toEqual([]);
  });

  it('pays out through the provider: the balance falls, the payout is paid and the professional told', async () => {
    // An amount in Arabic-Indic digits, as a phone keyboard types it.
    const response = await requestPayout(professional.token, { amount: '٢٠٠' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: payoutMessages.paid,
      payout: { amount: 200, status: 'paid', iban_last4: '3456' },
    });
    const view = await earnings(professional.token);
    expect(view.balances[0]).toMatchObject({ available: 1270, pending_payouts: 0, paid_out: 200, earned: 1470 });
    expect(view.history[0]).toMatchObject({ kind: 'payout_requested', amount: -200 });
    expect(view.payouts[0]).toMatchObject({ amount: 200, status: 'paid' });
    const [stored] = await selectRows<{ iban_last4: string; iban_fingerprint: string }>(
      app.services.database,
      sql`select iban_last4, iban_fingerprint from payouts where professional_id = ${professional.user.id}`,
    );
    // The whole IBAN is never stored.
    expect(JSON.stringify(stored)).not.toContain('0331234567890123456');
    expect((await outboxFor(app, String(professional.input.email))).some((message) => message.subject === 'Payout sent')).toBe(true);
    await expectLedgerSound(app);
  });

  it('never pays out more than the balance, even when 20 requests arrive at once', async () => {
    const available = (await earnings(professional.token)).balances[0]!.available;
    const quarter = Math.floor((available / 4) * 100) / 100;
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestPayout(professional.token, { amount: quarter })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 409)).toHaveLength(16);
    const view = await earnings(professional.token);
    expect(view.balances[0]!.available).toBeCloseTo(available - 4 * quarter, 2);
    expect(view.balances[0]!.available).toBeGreaterThanOrEqual(0);
    await expectLedgerSound(app);
  });
});
