import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { payoutFreezeLinks, payoutFreezes, payoutMethods } from './payments.schema.ts';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

/** Saved payout methods, their freeze links, and frozen payouts (payments.schema.ts). */
/** One professional's methods and freeze, changed one transaction at a time (adds, a freeze, a payout's check). */
const lockProfessional = (professionalId: string, tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-methods:${professionalId}`}, 0))`);

export function createPayoutMethodsRepository(db: Db) {
  const live = isNull(payoutMethods.removedAt);
  return {
    listLive: (professionalId: string) =>
      db
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.professionalId, professionalId), live))
        .orderBy(asc(payoutMethods.createdAt)),
    async findLive(professionalId: string, id: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.id, id), eq(payoutMethods.professionalId, professionalId), live));
      return row;
    },
    async findById(id: string, executor: Db = db) {
      const [row] = await executor.select().from(payoutMethods).where(eq(payoutMethods.id, id));
      return row;
    },
    /** The professional's live methods, counted under a lock on the professional's rows, so two adds at once queue. */
    async countLiveForUpdate(professionalId: string, tx: Tx) {
      await lockProfessional(professionalId, tx);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(payoutMethods)
        .where(and(eq(payoutMethods.professionalId, professionalId), live));
      return row?.count ?? 0;
    },
    async insert(method: typeof payoutMethods.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(payoutMethods).values(method).onConflictDoNothing().returning();
      return row;
    },
    async remove(professionalId: string, id: string, now: Date, executor: Db = db) {
      const removed = await executor
        .update(payoutMethods)
        .set({ removedAt: now })
        .where(and(eq(payoutMethods.id, id), eq(payoutMethods.professionalId, professionalId), live))
        .returning({ id: payoutMethods.id });
      return removed.length > 0;
    },
    /** A deleted account's bank accounts: the IBAN's sealed copy and the holder's name go; the row stays for the payouts that name it. */
    async eraseOf(professionalId: string, holder: string, now: Date, executor: Db) {
      await executor
        .update(payoutMethods)
        .set({
          ibanSealed: '',
          accountHolder: holder,
          removedAt: sql`coalesce(${payoutMethods.removedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(payoutMethods.professionalId, professionalId));
    },
    async insertFreezeLink(link: typeof payoutFreezeLinks.$inferInsert, tx: Tx) {
      await tx.insert(payoutFreezeLinks).values(link);
    },
    /** Spends a live freeze link: its method, or undefined. */
    async spendFreezeLink(tokenHash: string, now: Date, tx: Tx) {
      const [row] = await tx
        .update(payoutFreezeLinks)
        .set({ usedAt: now })
        .where(and(eq(payoutFreezeLinks.tokenHash, tokenHash), isNull(payoutFreezeLinks.usedAt), gt(payoutFreezeLinks.expiresAt, now)))
        .returning({ payoutMethodId: payoutFreezeLinks.payoutMethodId });
      return row?.payoutMethodId;
    },
    async freeze(professionalId: string, now: Date, tx: Tx) {
      await lockProfessional(professionalId, tx);
      await tx.insert(payoutFreezes).values({ professionalId, frozenAt: now }).onConflictDoNothing();
    },
    /** Holds off a freeze (and new methods) of the professional until the caller's transaction ends. */
    lockFor: async (professionalId: string, tx: Tx) => {
      await lockProfessional(professionalId, tx);
    },
    async isFrozen(professionalId: string, executor: Db = db) {
      const [row] = await executor.select().from(payoutFreezes).where(eq(payoutFreezes.professionalId, professionalId));
      return row !== undefined;
    },
    async unfreeze(professionalId: string, executor: Db = db) {
      await executor.delete(payoutFreezes).where(eq(payoutFreezes.professionalId, professionalId));
    },
  };
}

export type PayoutMethodsRepository = ReturnType<typeof createPayoutMethodsRepository>;
