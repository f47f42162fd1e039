import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function createSessionsRepository(db: Db) {
  return {
    async insertSession(session: typeof sessions.$inferInsert, executor: Db = db) {
      await executor.insert(sessions).values(session);
    },
    /** The live session of a token hash with its user. */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },
    async touchSession(id: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    async revokeSession(tokenHash: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
    async revokeAllSessions(userId: string, now: Date, executor: Db = db) {
      await executor
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
