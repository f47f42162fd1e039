import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contractStatuses } from '@mihna/shared';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { proposals } from '../proposals/proposals.schema.ts';
import { users } from '../users/users.schema.ts';

/** The agreement an accepted proposal makes: escrow, milestones, time and reviews hang off it. */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'restrict' }),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    jobType: text('job_type', { enum: ['hourly', 'fixed'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['escrow', 'cash'] }).notNull(),
    /** Per hour for an hourly job, the whole price for a fixed-price one, in minor units of `currency`. */
    agreedAmountMinor: bigint('agreed_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: contractStatuses }).notNull().default('active'),
    /** The professional's choices for this job on their Verified Portfolio. */
    showProjectValue: boolean('show_project_value').notNull().default(true),
    showEmployerName: boolean('show_employer_name').notNull().default(true),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('contracts_job_idx').on(table.jobId),
    uniqueIndex('contracts_proposal_idx').on(table.proposalId),
    index('contracts_professional_idx').on(table.professionalId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('contracts_employer_idx').on(table.employerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);
