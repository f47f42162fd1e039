import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { createBatcher } from '../../lib/batcher.ts';

type SessionWithUser = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

export function createSessionsRepository(db: Db) {
  // Every signed-in request reads its session: the lookups that arrive together go in one statement
  // (lib/batcher.ts: one that finds a reader free goes at once, alone), so a busy server spends one
  // round trip on many of them. Each still sees every session change committed before it was asked.
  const lookups = createBatcher<{ tokenHash: string; now: Date }, SessionWithUser | undefined>({
    maxBatch: 64,
    concurrency: 4,
    async write(asked) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.tokenHash, [...new Set(asked.map((each) => each.tokenHash))]), isNull(sessions.revokedAt)));
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      return asked.map(({ tokenHash, now }) => {
        const found = byHash.get(tokenHash);
        return { status: 'fulfilled', value: found && found.session.expiresAt > now ? found : undefined };
      });
    },
  });

  return {
    async insertSession(session: typeof sessions.$inferInsert, executor: Db = db) {
      await executor.insert(sessions).values(session);
    },
    /** The live session of a token hash with its user. */
    findLiveSession: (tokenHash: string, now: Date) => lookups.submit({ tokenHash, now }),
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
