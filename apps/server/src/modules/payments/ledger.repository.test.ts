import { ledgerMessages } from '@mihna/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/transaction.ts';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { credit, debit, PLATFORM, type AccountRef, type NewLedgerTransaction } from './ledger.repository.ts';
import { balanceAccount } from './money-movements.ts';
import { expectLedgerSound } from './test-payments.ts';
import type { App } from '../../app.ts';

const clock = createTestClock();
let app: App;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  professional = await createUser(app, { first_name: 'Noura', last_name: 'Al Mazrouei' });
});
afterAll(() => app.close());

const providerCash: AccountRef = { kind: 'provider_cash', ownerId: PLATFORM, currency: 'AED' };
const refundsDue: AccountRef = { kind: 'refunds_due', ownerId: PLATFORM, currency: 'AED' };

const moving = (reference: string, from: AccountRef, to: AccountRef, amountMinor: number): NewLedgerTransaction => ({
  kind: 'test_movement',
  reference,
  description: 'A movement the test makes',
  createdAt: clock.now(),
  legs: [debit(from, amountMinor), credit(to, amountMinor)],
});

const transactionCount = async () =>
  (await selectRows<{ total: number }>(app.services.database, sql`select count(*)::int as total from ledger_transactions`))[0]?.total;

describe('the ledger writer', () => {
  it('refuses to take money out of a guarded account that never held any, failing the whole transaction', async () => {
    const { db } = app.services.database;
    const before = await transactionCount();
    const empty = balanceAccount(professional.user.id, 'KWD');
    const attempt = transaction(db, async (tx) => {
      await app.services.ledger.post(moving(`credit-first:${randomUUID()}`, providerCash, refundsDue, 500), tx);
      await app.services.ledger.post(moving(`overdraw-new:${randomUUID()}`, empty, { ...providerCash, currency: 'KWD' }, 1), tx);
    });
    await expect(attempt).rejects.toMatchObject({ code: 'conflict', message: ledgerMessages.insufficientBalance });
    expect(await transactionCount()).toBe(before);
    expect(await app.services.ledger.balanceOf(empty)).toBe(0);
    await expectLedgerSound(app);
  });

  it('refuses to overdraw a guarded account that exists, and leaves its balance as it was', async () => {
    const { db } = app.services.database;
    const account = balanceAccount(professional.user.id, 'AED');
    await transaction(db, (tx) => app.services.ledger.post(moving(`fund:${randomUUID()}`, providerCash, account, 700), tx));
    const before = await transactionCount();
    const attempt = transaction(db, (tx) => app.services.ledger.post(moving(`overdraw:${randomUUID()}`, account, providerCash, 701), tx));
    await expect(attempt).rejects.toMatchObject({ code: 'conflict' });
    expect(await transactionCount()).toBe(before);
    expect(await app.services.ledger.balanceOf(account)).toBe(700);
    await transaction(db, (tx) => app.services.ledger.post(moving(`spend:${randomUUID()}`, account, providerCash, 700), tx));
    expect(await app.services.ledger.balanceOf(account)).toBe(0);
    await expectLedgerSound(app);
  });

  it('writes a reference once, answering only the transactions it wrote', async () => {
    const { db } = app.services.database;
    const reference = `once:${randomUUID()}`;
    const first = await transaction(db, (tx) =>
      app.services.ledger.postMany(
        [moving(reference, providerCash, refundsDue, 300), moving(`other:${randomUUID()}`, providerCash, refundsDue, 200)],
        tx,
      ),
    );
    expect(first.size).toBe(2);
    const again = await transaction(db, (tx) => app.services.ledger.postMany([moving(reference, providerCash, refundsDue, 300)], tx));
    expect(again.size).toBe(0);
    await expectLedgerSound(app);
  });
});
