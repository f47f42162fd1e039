import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window request counters, in the database so that several server processes share one limit. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    clientKey: text('client_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.clientKey, table.windowStart] }),
    index('rate_limit_counters_window_idx').on(table.windowStart),
  ],
);

/**
 * The last time something was asked for under a key (a code for an address or number as typed), so
 * the next request within the cooldown can be told exactly how long to wait, across server processes.
 */
export const requestCooldowns = pgTable(
  'request_cooldowns',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] }), index('request_cooldowns_last_idx').on(table.lastAt)],
);
