import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobStatuses, projectModerationStatuses } from '@mihna/shared';
import { changeLog, createdAt, tsvector } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    skillsRequired: text('skills_required').array().notNull(),
    jobType: text('job_type', { enum: ['hourly', 'fixed'] }).notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('open'),
    /** Staff's decision (admin spec §4): only an active project is listed or takes proposals. */
    moderationStatus: text('moderation_status', { enum: projectModerationStatuses }).notNull().default('active'),
    moderationReason: text('moderation_reason'),
    country: text('country').notNull(),
    /** The emirate (UAE) or region id within the country. */
    region: text('region'),
    city: text('city'),
    address: text('address'),
    industryCategory: text('industry_category'),
    localServiceCategory: text('local_service_category'),
    localServiceSubcategory: text('local_service_subcategory'),
    paymentMethod: text('payment_method', { enum: ['escrow', 'cash'] }).notNull(),
    currency: text('currency').notNull(),
    /** Integer minor units of `currency` (fils, halalas, baisa…). */
    budgetMinMinor: bigint('budget_min_minor', { mode: 'number' }).notNull(),
    budgetMaxMinor: bigint('budget_max_minor', { mode: 'number' }).notNull(),
    /** The same budget in US cents through the pegs: one scale for filtering and sorting across countries. */
    budgetMinUsd: bigint('budget_min_usd', { mode: 'number' }).notNull(),
    budgetMaxUsd: bigint('budget_max_usd', { mode: 'number' }).notNull(),
    /** The employer asked to feature it; it is featured only once paid, until `featured_until`. */
    featuredRequested: boolean('featured_requested').notNull().default(false),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    isUrgent: boolean('is_urgent').notNull().default(false),
    locationRequired: boolean('location_required').notNull().default(false),
    allowRemote: boolean('allow_remote').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    deadline: date('deadline', { mode: 'string' }),
    proposalCount: integer('proposal_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** Title, skills and description in English and Arabic stems; kept by a trigger (migration 0002). */
    searchVector: tsvector('search_vector'),
    /** Filter tokens (country, region, industry, type, services, skills); kept by the same trigger. */
    facets: text('facets').array(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_employer_idx').on(table.employerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    check('jobs_budget_order', sql`${table.budgetMinMinor} >= 0 and ${table.budgetMaxMinor} >= ${table.budgetMinMinor}`),
  ],
);

/**
 * What project search reads: one narrow row per open job (migration 0013 keeps it from `jobs` by
 * trigger). A search walks and counts these rows, under half a job's width, and reads the
 * jobs themselves only for the page it answers.
 */
export const jobSearch = pgTable(
  'job_search',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    budgetMinUsd: bigint('budget_min_usd', { mode: 'number' }).notNull(),
    budgetMaxUsd: bigint('budget_max_usd', { mode: 'number' }).notNull(),
    proposalCount: integer('proposal_count').notNull(),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    searchVector: tsvector('search_vector'),
    facets: text('facets').array(),
  },
  (table) => [
    // Ascending, read backwards: a keyset condition `(created_at, id) < (…)` is then an index bound.
    index('job_search_created_idx').on(table.createdAt, table.id),
    index('job_search_budget_idx').on(table.budgetMaxUsd, table.createdAt, table.id),
    // Least competition first: fewest proposals, then newest, as one descending key.
    index('job_search_competition_idx').on(sql`(-${table.proposalCount})`, table.createdAt, table.id),
    index('job_search_featured_idx')
      .on(table.featuredUntil)
      .where(sql`${table.featuredUntil} is not null`),
    index('job_search_featured_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.featuredUntil} is not null`),
    index('job_search_text_idx').using('gin', table.searchVector, table.facets),
    // The featured part of a search reads only the jobs that have ever been featured.
    index('job_search_featured_text_idx')
      .using('gin', table.searchVector, table.facets)
      .where(sql`${table.featuredUntil} is not null`),
  ],
);

/** One row per viewer per job per day: a view is counted once a day, not per request. */
export const jobViews = pgTable(
  'job_views',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The user id, or a hash of the address and browser for visitors. */
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.viewerKey, table.day] })],
);

/**
 * Which jobs changed, appended by a trigger on `jobs` in the same transaction as the change
 * (migration 0014); every change but a view. Each server process's search index reads it to stay
 * current (search-index.ts), by transaction id; the hourly pruning drops rows older than a day.
 */
export const jobChanges = changeLog('job_changes', 'job_id');
