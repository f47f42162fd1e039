import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timeEntrySources, MAX_ENTRY_SECONDS } from '@mihna/shared';
import { contracts } from '../contracts/contracts.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { milestones } from '../payments/payments.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Hours worked on an hourly contract: from the professional's timer (running while `ended_at` is
 * null, at most one per professional) or typed in afterwards with a reason. The rate is the
 * contract's, copied when the entry is made; seconds and amount are set when it ends.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    seconds: integer('seconds'),
    /** Per hour, in minor units of `currency` (the contract's agreed amount). */
    rateMinor: bigint('rate_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency').notNull(),
    source: text('source', { enum: timeEntrySources }).notNull(),
    manualReason: text('manual_reason'),
    /** Stopped by the server MAX_ENTRY_SECONDS after it started, not by the professional. */
    capped: boolean('capped').notNull().default(false),
    /** The employer's word in the week's timesheet: null until reviewed, then approved or disputed. */
    reviewStatus: text('review_status', { enum: ['approved', 'disputed'] }),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (table) => [
    // The weeks that went unreviewed, for automatic approval.
    index('time_entries_unreviewed_idx')
      .on(table.startedAt)
      .where(sql`${table.reviewStatus} is null`),
    // Two starts racing each other: the database lets one timer run.
    uniqueIndex('time_entries_one_running_idx')
      .on(table.professionalId)
      .where(sql`${table.endedAt} is null`),
    index('time_entries_professional_idx').on(table.professionalId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('time_entries_contract_idx').on(table.contractId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    check(
      'time_entries_ended',
      sql`(${table.endedAt} is null and ${table.seconds} is null and ${table.amountMinor} is null) or (${table.endedAt} >= ${table.startedAt} and ${table.seconds} between 0 and ${sql.raw(String(MAX_ENTRY_SECONDS))} and ${table.amountMinor} >= 0)`,
    ),
    check('time_entries_manual_reason', sql`(${table.source} = 'manual') = (${table.manualReason} is not null)`),
  ],
);

/**
 * A reviewed week (Monday to Sunday, Gulf time) of an hourly contract: who approved it, what was
 * approved, and the milestone that bills the approved hours. Unreviewed weeks have no row.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** The employer who reviewed it; null when it was approved automatically. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'restrict' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    approvedSeconds: integer('approved_seconds').notNull(),
    approvedAmountMinor: bigint('approved_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    milestoneId: uuid('milestone_id').references(() => milestones.id, { onDelete: 'restrict' }),
  },
  (table) => [
    // A week is reviewed once.
    uniqueIndex('timesheets_contract_week_idx').on(table.contractId, table.weekStart),
    check('timesheets_billed', sql`(${table.approvedAmountMinor} > 0) = (${table.milestoneId} is not null)`),
  ],
);
