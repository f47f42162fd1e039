import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knownDevices, secureAccountLinks, sessions } from './auth.schema.ts';
import { users } from '../users/users.schema.ts';
import { createBatcher } from '../../lib/batcher.ts';

type SessionWithUser = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

export function createSessionsRepository(db: Db) {
  // Every signed-in request reads its session: the lookups that arrive while one batch is being read go
  // together in the next (lib/batcher.ts: one that finds the reader free goes at once, alone), so a busy
  // server spends one round trip on many of them. Each still sees every session change committed before
  // it was asked. One batch at a time makes fewer, larger batches: four at a time cost the dashboard
  // benchmark half its throughput. The statement has one text whatever the batch's size, prepared once
  // per connection, so PostgreSQL does not parse and plan it again for each batch.
  const liveSessions = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, isNull(sessions.revokedAt)))
    .prepare('live_sessions_by_token_hash');
  const lookups = createBatcher<{ tokenHash: string; now: Date }, SessionWithUser | undefined>({
    maxBatch: 64,
    concurrency: 1,
    async write(asked) {
      const rows = await liveSessions.execute({ hashes: [...new Set(asked.map((each) => each.tokenHash))] });
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      return asked.map(({ tokenHash, now }) => {
        const found = byHash.get(tokenHash);
        return { status: 'fulfilled', value: found && found.session.expiresAt > now ? found : undefined };
      });
    },
  });

  return {
    async insertSession(session: typeof sessions.$inferInsert, executor: Db) {
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
    /** The user's live sessions, the most recently used first. */
    async listLive(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(100);
    },
    /** Ends one live session of the user; false when it has none of that id. */
    async revokeSessionOf(userId: string, id: string, now: Date) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },
    /** Ends every live session of the user but `keepId`; how many ended. */
    async revokeOtherSessions(userId: string, keepId: string, now: Date, executor: Db = db) {
      const ended = await executor
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },
    async markStepUp(id: string, now: Date) {
      await db.update(sessions).set({ stepUpAt: now }).where(eq(sessions.id, id));
    },
    /**
     * Remembers the device for the user: 'first' for the account's first device, 'known' for one seen
     * before, 'new' for one not seen before on an account that has others.
     */
    async rememberDevice(userId: string, deviceKey: string, executor: Db): Promise<'first' | 'known' | 'new'> {
      const added = await executor
        .insert(knownDevices)
        .values({ userId, deviceKey })
        .onConflictDoNothing()
        .returning({ key: knownDevices.deviceKey });
      if (added.length === 0) return 'known';
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId));
      return (row?.count ?? 0) > 1 ? 'new' : 'first';
    },
    async insertSecureLink(link: typeof secureAccountLinks.$inferInsert) {
      await db.insert(secureAccountLinks).values(link);
    },
    /** Spends a live "Secure my account" link: its user, or undefined when it is spent, expired or unknown. */
    async spendSecureLink(tokenHash: string, now: Date, executor: Db) {
      const [row] = await executor
        .update(secureAccountLinks)
        .set({ usedAt: now })
        .where(and(eq(secureAccountLinks.tokenHash, tokenHash), isNull(secureAccountLinks.usedAt), gt(secureAccountLinks.expiresAt, now)))
        .returning({ userId: secureAccountLinks.userId });
      return row?.userId;
    },
    async revokeAllSessions(userId: string, now: Date, executor: Db) {
      await executor
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
