import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Verified reviews: written by either party once a job's payment is released (the payments issue).
 * Profiles compute every rating from these rows.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    overallRating: integer('overall_rating').notNull(),
    workQuality: integer('work_quality'),
    communication: integer('communication'),
    timeliness: integer('timeliness'),
    paymentReliability: integer('payment_reliability'),
    comment: text('comment'),
    showOnProfile: boolean('show_on_profile').notNull().default(true),
    contractId: uuid('contract_id'),
    /**
     * Double-blind: a review is shown (and counted) only from this moment, when both sides have
     * written theirs or 14 days after completion. Rows written before reviews were blind count at once.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }).defaultNow(),
    releaseDueAt: timestamp('release_due_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reviews_job_reviewer_idx').on(table.jobId, table.reviewerId),
    index('reviews_reviewee_idx').on(table.revieweeId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('reviews_release_due_idx')
      .on(table.releaseDueAt)
      .where(sql`${table.releasedAt} is null`),
    check('reviews_rating_range', sql`${table.overallRating} between 1 and 5`),
  ],
);
