import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions, payments, payouts } from './payments.schema.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Money } from '@mihna/shared';
import { storedAmount } from './stored-amount.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** The only writer of payouts, and the reader of a professional's earnings out of the ledger. */
export function createPayoutsRepository(db: Db) {
  return {
    async insertPayout({ amount, ...payout }: Omit<typeof payouts.$inferInsert, 'amountMinor' | 'currency'> & { amount: Money }, tx: Tx) {
      const [row] = await tx
        .insert(payouts)
        .values({ ...payout, ...storedAmount(amount) })
        .returning();
      if (!row) throw new Error('insert returned no payout');
      return row;
    },

    async updatePayout(id: string, changes: Partial<typeof payouts.$inferInsert>, tx: Tx) {
      await tx.update(payouts).set(changes).where(eq(payouts.id, id));
    },

    async findPayout(id: string, executor: Db = db) {
      const [row] = await executor.select().from(payouts).where(eq(payouts.id, id));
      return row;
    },

    /** Every change of a payout's status happens under this lock, so paid and failed never both land. */
    async lockPayout(id: string, tx: Tx) {
      const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
      return row;
    },

    /** The provider account that received an earlier payout to the same bank account, if any. */
    async findAccountFor(professionalId: string, ibanFingerprint: string, provider: string) {
      const [row] = await db
        .select({ accountId: payouts.providerAccountId })
        .from(payouts)
        .where(
          and(
            eq(payouts.professionalId, professionalId),
            eq(payouts.ibanFingerprint, ibanFingerprint),
            eq(payouts.provider, provider),
            sql`${payouts.providerAccountId} is not null`,
          ),
        )
        .orderBy(desc(payouts.createdAt))
        .limit(1);
      return row?.accountId ?? null;
    },

    /** Requested payouts the provider has not acknowledged (a timeout or a fault), older than `before`: to send again. */
    listUnsent: (before: Date, limit: number) =>
      db
        .select()
        .from(payouts)
        .where(and(eq(payouts.status, 'requested'), isNull(payouts.providerPayoutId), lte(payouts.createdAt, before)))
        .orderBy(payouts.createdAt)
        .limit(limit),

    listPayouts: (professionalId: string, limit: number) =>
      db.select().from(payouts).where(eq(payouts.professionalId, professionalId)).orderBy(desc(payouts.createdAt)).limit(limit),

    /** The professional's available and pending-payout balances, per currency. */
    balances: (professionalId: string) =>
      db
        .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerId, professionalId), sql`${ledgerAccounts.kind} in ('professional_balance', 'payouts_pending')`)),

    /** What employers hold in escrow for the professional's jobs and has not been released or refunded, per currency. */
    inEscrow: (professionalId: string) =>
      db
        .select({ currency: ledgerHolds.currency, total: sql<number>`sum(${ledgerHolds.amountMinor})::bigint`.mapWith(Number) })
        .from(ledgerHolds)
        .innerJoin(payments, eq(payments.id, ledgerHolds.paymentId))
        .innerJoin(contracts, eq(contracts.id, payments.contractId))
        .where(and(eq(contracts.professionalId, professionalId), eq(ledgerHolds.status, 'pending')))
        .groupBy(ledgerHolds.currency),

    /** Totals by the kind of movement over the professional's balance and pending payouts, per currency. */
    totalsByKind: (professionalId: string) =>
      db
        .select({
          accountKind: ledgerAccounts.kind,
          kind: ledgerTransactions.kind,
          currency: ledgerEntries.currency,
          total: sql<number>`sum(${ledgerEntries.amountMinor})::bigint`.mapWith(Number),
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(and(eq(ledgerAccounts.ownerId, professionalId), sql`${ledgerAccounts.kind} in ('professional_balance', 'payouts_pending')`))
        .groupBy(ledgerAccounts.kind, ledgerTransactions.kind, ledgerEntries.currency),

    /** The latest movements of the professional's available balance, newest first, with the job each came from. */
    history: (professionalId: string, limit: number) =>
      db
        .select({
          id: ledgerEntries.id,
          kind: ledgerTransactions.kind,
          amountMinor: ledgerEntries.amountMinor,
          currency: ledgerEntries.currency,
          createdAt: ledgerTransactions.createdAt,
          jobId: jobs.id,
          jobTitle: jobs.title,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(jobs, eq(jobs.id, ledgerTransactions.jobId))
        .where(and(eq(ledgerAccounts.ownerId, professionalId), eq(ledgerAccounts.kind, 'professional_balance')))
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerEntries.id))
        .limit(limit),
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
