import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '@mihna/shared';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
  ],
);
