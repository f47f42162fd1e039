import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * The counts behind each user's dashboard, kept by triggers on jobs, proposals and contracts (migration
 * 0025) in the transaction that changes them, so that a dashboard reads one row instead of counting a
 * busy user's thousands of projects or proposals.
 */
export const dashboardCounts = pgTable('dashboard_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Projects the employer has posted. */
  projects: integer('projects').notNull().default(0),
  /** Of those, the ones with a professional hired and not finished (assigned or in progress). */
  activeProjects: integer('active_projects').notNull().default(0),
  /** Of those, the ones open to proposals. */
  openProjects: integer('open_projects').notNull().default(0),
  /** Proposals received across them (the sum of their proposal_count). */
  applications: integer('applications').notNull().default(0),
  /** Proposals the professional has sent. */
  proposals: integer('proposals').notNull().default(0),
  /** The professional's contracts in progress (status active). */
  activeContracts: integer('active_contracts').notNull().default(0),
});
