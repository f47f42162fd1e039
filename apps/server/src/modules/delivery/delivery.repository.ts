import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outgoingMessages } from './delivery.schema.ts';

export type Channel = 'email' | 'sms';
export type OutgoingMessage = typeof outgoingMessages.$inferSelect;

export interface NewMessage {
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  replyTo?: string;
}

const messageRow = (message: NewMessage) => ({
  channel: message.channel,
  recipient: message.to,
  subject: message.subject ?? '',
  body: message.text,
  replyTo: message.replyTo ?? null,
});

const leaseHeld = (claimed: Pick<OutgoingMessage, 'id' | 'attempts'>) =>
  and(eq(outgoingMessages.id, claimed.id), eq(outgoingMessages.status, 'pending'), eq(outgoingMessages.attempts, claimed.attempts));

export function createDeliveryRepository(db: Db) {
  return {
    /** Queues messages in one statement (in the caller's transaction, when given one). */
    async insertMessages(messages: NewMessage[], executor: Db) {
      if (messages.length === 0) return [];
      return executor.insert(outgoingMessages).values(messages.map(messageRow)).returning();
    },

    /** Queues messages: a statement to write with others (db/together.ts). */
    insertStatement: (messages: NewMessage[]) =>
      messages.length > 0 ? db.insert(outgoingMessages).values(messages.map(messageRow)).getSQL() : undefined,

    /**
     * Leases due messages to this process in one statement: their next attempt moves into the future,
     * so another process (or a crash) cannot send them twice at once; a lease that is never settled expires.
     */
    async claimDueMessages(now: Date, leaseUntil: Date, limit: number) {
      // The database keeps microseconds and `now` has milliseconds: a message queued within this
      // millisecond is due too, or it would wait for the next poll.
      const due = db
        .select({ id: outgoingMessages.id })
        .from(outgoingMessages)
        .where(and(eq(outgoingMessages.status, 'pending'), lt(outgoingMessages.nextAttemptAt, new Date(now.getTime() + 1))))
        .orderBy(outgoingMessages.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(outgoingMessages)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${outgoingMessages.attempts} + 1` })
        .where(inArray(outgoingMessages.id, due))
        .returning();
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /**
     * Settles the attempts of many sent messages in one statement, each only while this process still
     * holds the lease it claimed (the same attempt number).
     */
    async markSent(sent: Array<Pick<OutgoingMessage, 'id' | 'attempts'> & { transport: string; sentAt: Date }>) {
      if (sent.length === 0) return;
      const rows = sql.join(
        sent.map(
          (message) =>
            sql`(${message.id}::uuid, ${message.attempts}::int, ${message.transport}::text, ${message.sentAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        update ${outgoingMessages} as m set status = 'sent', transport = s.transport, sent_at = s.sent_at, last_error = null
        from (values ${rows}) as s(id, attempts, transport, sent_at)
        where m.id = s.id and m.status = 'pending' and m.attempts = s.attempts`);
    },

    async markAttemptFailed(claimed: Pick<OutgoingMessage, 'id' | 'attempts'>, error: string, nextAttemptAt: Date, isFinal: boolean) {
      await db
        .update(outgoingMessages)
        .set({ status: isFinal ? 'failed' : 'pending', lastError: error.slice(0, 1000), nextAttemptAt })
        .where(leaseHeld(claimed));
    },

    /** Messages waiting to be sent, by channel, and when the oldest was queued (metrics). */
    async backlog() {
      return db
        .select({
          channel: outgoingMessages.channel,
          waiting: sql<number>`count(*)::int`,
          oldest: sql<string>`min(${outgoingMessages.createdAt})::text`,
        })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.status, 'pending'))
        .groupBy(outgoingMessages.channel);
    },

    async countMessagesTo(channel: Channel, recipient: string, since: Date, executor: Db = db) {
      const [row] = await executor
        .select({ total: sql<number>`count(*)::int` })
        .from(outgoingMessages)
        .where(
          and(eq(outgoingMessages.channel, channel), eq(outgoingMessages.recipient, recipient), gte(outgoingMessages.createdAt, since)),
        );
      return row?.total ?? 0;
    },

    async listRecentMessages(recipient: string | undefined, limit: number) {
      return db
        .select()
        .from(outgoingMessages)
        .where(recipient ? sql`lower(${outgoingMessages.recipient}) = lower(${recipient})` : undefined)
        .orderBy(desc(outgoingMessages.createdAt), desc(outgoingMessages.id))
        .limit(limit);
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
