import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversationReportReasons } from '@mihna/shared';
import { bytea, createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * The one conversation between an employer and a professional (Contact Expert, Contact Employer,
 * a proposal, a hire all open the same one), about the project it was last opened for. Each side
 * keeps the last message id it has read, how many it has not, and up to which message it was
 * e-mailed about unread ones.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    startedBy: uuid('started_by').notNull(),
    createdAt: createdAt(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    employerReadId: bigint('employer_read_id', { mode: 'number' }).notNull().default(0),
    professionalReadId: bigint('professional_read_id', { mode: 'number' }).notNull().default(0),
    employerUnread: integer('employer_unread').notNull().default(0),
    professionalUnread: integer('professional_unread').notNull().default(0),
    employerEmailedId: bigint('employer_emailed_id', { mode: 'number' }).notNull().default(0),
    professionalEmailedId: bigint('professional_emailed_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('conversations_pair_idx').on(table.employerId, table.professionalId),
    index('conversations_employer_idx').on(table.employerId, table.lastMessageId.desc().nullsLast()),
    index('conversations_professional_idx').on(table.professionalId, table.lastMessageId.desc().nullsLast()),
    // The e-mail sweep looks only at conversations someone has not read.
    index('conversations_employer_unread_idx')
      .on(table.lastMessageAt)
      .where(sql`${table.employerUnread} > 0`),
    index('conversations_professional_unread_idx')
      .on(table.lastMessageAt)
      .where(sql`${table.professionalUnread} > 0`),
  ],
);

/**
 * A file sent in a conversation: checked by its bytes, images re-encoded without metadata. Only the
 * conversation's two people (and staff reading a reported conversation) may download it.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('message_attachments_conversation_idx').on(table.conversationId)],
);

/**
 * Messages in commit order: each is inserted under one advisory lock held to its commit, so a larger
 * id never becomes visible before a smaller one, and "everything after id N" (an SSE stream's
 * Last-Event-ID) misses nothing.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    /** Contact details were hidden: the conversation's contract was not yet funded. */
    isMasked: boolean('is_masked').notNull().default(false),
    attachmentId: uuid('attachment_id').references(() => messageAttachments.id, { onDelete: 'set null' }),
    /** The sender's own id for the message, so a send repeated after a lost answer is stored once. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('messages_client_key_idx').on(table.senderId, table.clientKey),
  ],
);

/** A person who blocked another: neither can message the other until it is lifted. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('user_blocks_blocked_idx').on(table.blockedId)],
);

/** A conversation reported to staff, who read it in the admin console and act on it. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').notNull(),
    reportedUserId: uuid('reported_user_id').notNull(),
    reason: text('reason', { enum: conversationReportReasons }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('conversation_reports_conversation_idx').on(table.conversationId),
  ],
);
