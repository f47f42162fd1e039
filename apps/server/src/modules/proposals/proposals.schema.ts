import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { proposalStatuses } from '@mihna/shared';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { users } from '../users/users.schema.ts';

export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposalText: text('proposal_text').notNull(),
    /** Minor units of `currency` (the job's): per hour for an hourly job, the whole price for a fixed-price one. */
    proposedAmountMinor: bigint('proposed_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    estimatedHours: integer('estimated_hours'),
    status: text('status', { enum: proposalStatuses }).notNull().default('pending'),
    /** The owner's own mark on a pending proposal; the author never sees it. */
    reviewStage: text('review_stage', { enum: ['reviewed', 'shortlisted'] }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('proposals_job_worker_idx').on(table.jobId, table.workerId),
    index('proposals_worker_idx').on(table.workerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // At most one accepted proposal per job, whatever races: the database refuses a second.
    uniqueIndex('proposals_one_accepted_idx')
      .on(table.jobId)
      .where(sql`${table.status} = 'accepted'`),
  ],
);

export const jobInterests = pgTable(
  'job_interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    /** Minor units of `currency` (the job's), as a proposal's amount. */
    proposedAmountMinor: bigint('proposed_amount_minor', { mode: 'number' }),
    currency: text('currency'),
    availabilityStart: date('availability_start', { mode: 'string' }),
    estimatedDuration: text('estimated_duration'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('job_interests_job_worker_idx').on(table.jobId, table.workerId)],
);

export const jobInvitations = pgTable(
  'job_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('job_invitations_job_professional_idx').on(table.jobId, table.professionalId)],
);
