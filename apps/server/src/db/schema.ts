import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SiteSettings } from '@mihna/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One row: the site settings the admin console edits and every visitor's first call reads. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<SiteSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * Every e-mail and SMS the product sends. A message is written in the same transaction as the change
 * that causes it and handed to the transport after commit; failures stay here and are retried.
 * When no provider is configured this table is also the development outbox.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('outgoing_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('outgoing_messages_recipient_idx').on(table.recipient, table.createdAt),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject', { enum: ['general', 'support', 'billing', 'partnership', 'feedback'] }).notNull(),
  message: text('message').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/** Fixed-window request counters, in the database so that several server processes share one limit. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    clientKey: text('client_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.clientKey, table.windowStart] }), index('rate_limit_counters_window_idx').on(table.windowStart)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language', { enum: ['en', 'ar'] }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${table.email})`)],
);
