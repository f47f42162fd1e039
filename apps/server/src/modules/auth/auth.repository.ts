import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import {
  captchaChallenges,
  emailChanges,
  loginChallenges,
  loginEvents,
  loginThrottles,
  pendingRegistrations,
  verificationCodes,
} from './auth.schema.ts';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
export type PendingRegistration = typeof pendingRegistrations.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    /** Keeps the address an account is moving to, in place of any earlier one. */
    async putEmailChange(change: typeof emailChanges.$inferInsert, tx: Tx) {
      await tx
        .insert(emailChanges)
        .values(change)
        .onConflictDoUpdate({
          target: emailChanges.userId,
          set: { newEmail: change.newEmail, expiresAt: change.expiresAt, createdAt: sql`now()` },
        });
    },
    /** The account's change under way, spent by the confirmation (once). */
    async takeEmailChange(userId: string, now: Date, tx: Tx) {
      const [row] = await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
        .returning();
      return row;
    },
    async findEmailChange(userId: string, now: Date) {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)));
      return row;
    },
    async findPendingRegistrationByEmail(email: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(pendingRegistrations)
        .where(sql`lower(${pendingRegistrations.email}) = lower(${email})`);
      return row;
    },
    async findPendingRegistration(id: string, executor: Db = db) {
      const [row] = await executor.select().from(pendingRegistrations).where(eq(pendingRegistrations.id, id));
      return row;
    },
    async insertPendingRegistration(registration: typeof pendingRegistrations.$inferInsert, executor: Db) {
      const [row] = await executor.insert(pendingRegistrations).values(registration).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async deletePendingRegistration(id: string, executor: Db) {
      await executor.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
    },

    async retireLiveCodes(purpose: CodePurpose, subjectId: string, executor: Db) {
      await executor
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subjectId, subjectId), isNull(verificationCodes.consumedAt)),
        );
    },
    async insertCode(code: typeof verificationCodes.$inferInsert, executor: Db) {
      // A new code replaces every earlier one for the same purpose and subject.
      await executor
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(verificationCodes.purpose, code.purpose),
            eq(verificationCodes.subjectId, code.subjectId),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await executor.insert(verificationCodes).values(code);
    },
    async findLatestCode(purpose: CodePurpose, subjectId: string, channel: 'email' | 'sms', executor: Db = db) {
      const [row] = await executor
        .select()
        .from(verificationCodes)
        .where(
          and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subjectId, subjectId), eq(verificationCodes.channel, channel)),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Locks the live code while it is checked, so parallel guesses are counted one by one. */
    async lockLiveCode(purpose: CodePurpose, subjectId: string, executor: Tx) {
      const [row] = await executor
        .select()
        .from(verificationCodes)
        .where(
          and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subjectId, subjectId), isNull(verificationCodes.consumedAt)),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      return row;
    },
    /** Wrong guesses at codes of this purpose and subject since a moment, whichever code they were for. */
    async countWrongCodes(purpose: CodePurpose, subjectId: string, since: Date, executor: Db = db) {
      const [row] = await executor
        .select({ total: sql<number>`coalesce(sum(${verificationCodes.failedAttempts}), 0)::int` })
        .from(verificationCodes)
        .where(
          and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subjectId, subjectId), gt(verificationCodes.createdAt, since)),
        );
      return row?.total ?? 0;
    },
    async recordWrongCode(id: string, executor: Tx) {
      await executor
        .update(verificationCodes)
        .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },
    async consumeCode(id: string, executor: Tx) {
      await executor.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, id));
    },

    /** The throttle row of an identifier, locked for the rest of the transaction (created when missing). */
    async lockThrottle(identifier: string, executor: Tx) {
      await executor.insert(loginThrottles).values({ identifier }).onConflictDoNothing();
      const [row] = await executor.select().from(loginThrottles).where(eq(loginThrottles.identifier, identifier)).for('update');
      if (!row) throw new Error('throttle row missing');
      return row;
    },
    async findThrottle(identifier: string) {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.identifier, identifier));
      return row;
    },
    async updateThrottle(identifier: string, changes: { failedCount?: number; lockedUntil?: Date | null }, executor: Db) {
      await executor
        .update(loginThrottles)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(loginThrottles.identifier, identifier));
    },
    async clearThrottle(identifier: string, executor: Db) {
      await executor.delete(loginThrottles).where(eq(loginThrottles.identifier, identifier));
    },

    async insertLoginChallenge(challenge: typeof loginChallenges.$inferInsert) {
      await db.insert(loginChallenges).values(challenge);
    },
    /** The live challenge of a token hash: not spent and not expired. */
    async findLiveChallenge(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)));
      return row;
    },
    /** Spends the challenge; false when another request spent it first. */
    async spendChallenge(id: string, executor: Db = db) {
      const spent = await executor
        .update(loginChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return spent.length > 0;
    },
    async insertLoginEvent(event: typeof loginEvents.$inferInsert) {
      await db.insert(loginEvents).values(event);
    },

    async insertCaptcha(answer: number, expiresAt: Date) {
      const [row] = await db.insert(captchaChallenges).values({ answer, expiresAt }).returning({ id: captchaChallenges.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** Takes a challenge out of play (right or wrong, it is answered once) and returns it if it was live. */
    async takeCaptcha(id: string, now: Date) {
      const [row] = await db
        .update(captchaChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(captchaChallenges.id, id),
            isNull(captchaChallenges.usedAt),
            isNull(captchaChallenges.tokenHash),
            gt(captchaChallenges.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    async attachCaptchaToken(id: string, tokenHash: string, tokenExpiresAt: Date) {
      await db.update(captchaChallenges).set({ tokenHash, tokenExpiresAt, usedAt: null }).where(eq(captchaChallenges.id, id));
    },
    /** Spends a captcha token: true once, for a live token. */
    async spendCaptchaToken(tokenHash: string, now: Date) {
      const rows = await db
        .update(captchaChallenges)
        .set({ usedAt: now })
        .where(and(eq(captchaChallenges.tokenHash, tokenHash), isNull(captchaChallenges.usedAt), gt(captchaChallenges.tokenExpiresAt, now)))
        .returning({ id: captchaChallenges.id });
      return rows.length > 0;
    },
    /** Removes what no longer serves: old challenges, codes, finished throttles and expired registrations. */
    async pruneExpired(now: Date) {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      await db.delete(captchaChallenges).where(lte(captchaChallenges.expiresAt, dayAgo));
      await db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, dayAgo));
      await db.delete(verificationCodes).where(lte(verificationCodes.createdAt, new Date(now.getTime() - 7 * 86_400_000)));
      await db.delete(pendingRegistrations).where(lte(pendingRegistrations.expiresAt, now));
      await db
        .delete(loginThrottles)
        .where(
          and(
            lte(loginThrottles.updatedAt, dayAgo),
            sql`(${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} < ${now})`,
          ),
        );
    },
    async updatePendingRegistration(id: string, changes: Partial<typeof pendingRegistrations.$inferInsert>, executor: Db) {
      await executor.update(pendingRegistrations).set(changes).where(eq(pendingRegistrations.id, id));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
