import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { notifications } from './notifications.schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Db) {
  return {
    /** Records notifications: a statement to write with others (db/together.ts). */
    insertStatement: (rows: NewNotification[]) => (rows.length > 0 ? db.insert(notifications).values(rows).getSQL() : undefined),

    listForUser: (userId: string, limit: number) =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit),

    async countUnread(userId: string) {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      return row?.unread ?? 0;
    },

    /** Marks one of the user's own notifications read; another user's id matches nothing. */
    async markRead(userId: string, id: string) {
      const updated = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return updated.length > 0;
    },

    /** Of these notifications, the ones the user was sent (for the access rules): anyone else's are left out, so not found. */
    async recipientGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(inArray(notifications.id, [...ids]), eq(notifications.userId, userId)));
      return new Map(rows.map((row) => [row.id, true]));
    },

    async markAllRead(userId: string) {
      await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** Demo notifications in bulk, as the seeds write them (seed/demo-marketplace.ts): one statement for all. */
export async function insertNotifications(tx: Tx, rows: NewNotification[]) {
  await tx.insert(notifications).values(rows);
}
