import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * A user's "Download my data" (UAE and Saudi PDPL, GDPR): asked for, made in the background into one
 * JSON archive, then offered for seven days. One is being made at a time per user.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    archive: text('archive'),
    byteSize: integer('byte_size'),
    attempts: integer('attempts').notNull().default(0),
    /** When a process last took it to make: another leaves it alone for five minutes. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('data_exports_one_pending_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
