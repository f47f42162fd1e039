import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerEvents } from './payments.schema.ts';

/** The inbox's record of events that can never apply: failed with their reason, and never due for a retry. */
export function createWebhookInboxRepository(db: Db) {
  const isFailedForGood = and(isNull(providerEvents.appliedAt), isNull(providerEvents.nextAttemptAt), isNotNull(providerEvents.lastError));
  return {
    /** Marks an event failed for good (support can still ask for one more attempt, which brings its retry forward). */
    async markEventRefused(provider: string, eventId: string, reason: string, executor: Db) {
      await executor
        .update(providerEvents)
        .set({ attempts: sql`${providerEvents.attempts} + 1`, lastError: reason, nextAttemptAt: null })
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId), isNull(providerEvents.appliedAt)));
    },

    async countFailedEvents() {
      const [row] = await db
        .select({ failed: sql<number>`count(*)::int` })
        .from(providerEvents)
        .where(isFailedForGood);
      return Number(row?.failed ?? 0);
    },
  };
}

export type WebhookInboxRepository = ReturnType<typeof createWebhookInboxRepository>;
