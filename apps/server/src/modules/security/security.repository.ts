import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, secondFactorThrottles, totpAuthenticators } from './security.schema.ts';

/** The second factors' rows (security.schema.ts): authenticator apps, recovery codes and the second step's lock. */
export function createSecurityRepository(db: Db) {
  return {
    async findAuthenticator(userId: string) {
      const [row] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
      return row;
    },
    /** Keeps a new, unconfirmed secret, in place of an unconfirmed one (a confirmed one is never replaced here). */
    async startAuthenticator(userId: string, secretSealed: string) {
      const rows = await db
        .insert(totpAuthenticators)
        .values({ userId, secretSealed })
        .onConflictDoUpdate({
          target: totpAuthenticators.userId,
          set: { secretSealed, createdAt: sql`now()`, lastStep: null },
          setWhere: isNull(totpAuthenticators.confirmedAt),
        })
        .returning({ userId: totpAuthenticators.userId });
      return rows.length > 0;
    },
    /**
     * Takes `step` as the authenticator's last accepted one, when it is later than the last (one code,
     * one acceptance, even for two requests at once); `confirm` also enrols it with its recovery codes.
     */
    async acceptStep(userId: string, step: number, confirm?: { codeHashes: string[] }) {
      return db.transaction(async (tx) => {
        const accepted = await tx
          .update(totpAuthenticators)
          .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
          .where(
            and(
              eq(totpAuthenticators.userId, userId),
              or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, step)),
              confirm ? isNull(totpAuthenticators.confirmedAt) : sql`${totpAuthenticators.confirmedAt} is not null`,
            ),
          )
          .returning({ userId: totpAuthenticators.userId });
        if (accepted.length === 0) return false;
        if (confirm) {
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
          await tx.insert(recoveryCodes).values(confirm.codeHashes.map((codeHash) => ({ userId, codeHash })));
        }
        return true;
      });
    },
    /** Spends an unused recovery code; false when there is none with that hash. */
    async spendRecoveryCode(userId: string, codeHash: string) {
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return spent.length > 0;
    },
    async countRecoveryCodesLeft(userId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.count ?? 0;
    },
    async removeAuthenticator(userId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },
    async findThrottle(userId: string) {
      const [row] = await db.select().from(secondFactorThrottles).where(eq(secondFactorThrottles.userId, userId));
      return row;
    },
    /** Counts a wrong code; the fifth in a row locks the second step until `lockUntil` and starts the count again. */
    async countFailure(userId: string, lockAfter: number, lockUntil: Date) {
      const [row] = await db
        .insert(secondFactorThrottles)
        .values({ userId, failedCount: 1 })
        .onConflictDoUpdate({
          target: secondFactorThrottles.userId,
          set: {
            failedCount: sql`case when ${secondFactorThrottles.failedCount} + 1 >= ${lockAfter} then 0 else ${secondFactorThrottles.failedCount} + 1 end`,
            lockedUntil: sql`case when ${secondFactorThrottles.failedCount} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${secondFactorThrottles.lockedUntil} end`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },
    async clearThrottle(userId: string) {
      await db.delete(secondFactorThrottles).where(eq(secondFactorThrottles.userId, userId));
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
