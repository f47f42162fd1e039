import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters, requestCooldowns } from './rate-limit.schema.ts';

/** The rate limiter's counters and cooldowns (rate-limit.ts keeps the rules). */
export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one hit in each window at once (one statement), answering each bucket's hits so far. */
    async countHits(windows: readonly { bucket: string; clientKey: string; windowStart: Date }[]) {
      return db
        .insert(rateLimitCounters)
        .values(windows.map((window) => ({ ...window, hits: 1 })))
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.clientKey, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
    },

    /** Takes the key's slot when its last one is no later than `readyBefore`; answers whether it did. */
    async takeCooldown(bucket: string, key: string, now: Date, readyBefore: Date) {
      const taken = await db
        .insert(requestCooldowns)
        .values({ bucket, key, lastAt: now })
        .onConflictDoUpdate({
          target: [requestCooldowns.bucket, requestCooldowns.key],
          set: { lastAt: now },
          setWhere: sql`${requestCooldowns.lastAt} <= ${readyBefore}`,
        })
        .returning({ lastAt: requestCooldowns.lastAt });
      return taken.length > 0;
    },

    /** When the key last took its slot. */
    async lastCooldown(bucket: string, key: string) {
      const [current] = await db
        .select({ lastAt: requestCooldowns.lastAt })
        .from(requestCooldowns)
        .where(sql`${requestCooldowns.bucket} = ${bucket} and ${requestCooldowns.key} = ${key}`);
      return current?.lastAt;
    },

    async pruneOlderThan(olderThan: Date) {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${olderThan}`);
      await db.delete(requestCooldowns).where(sql`${requestCooldowns.lastAt} < ${olderThan}`);
    },
  };
}
