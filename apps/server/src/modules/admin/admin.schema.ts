import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { adminRoles, adminStatuses } from '@mihna/shared';
import { changeLog, createdAt } from '../../db/columns.ts';

const adminSessionStages = ['challenge', 'enrolment', 'full'] as const;
import { jobs } from '../jobs/jobs.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Staff of the admin console (admin spec §3 Admin user): accounts of their own, apart from the
 * marketplace's users, with their own sessions. A deleted admin keeps its row for the audit log.
 */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: adminRoles }).notNull().default('admin'),
    /** What the admin may do (a super admin may do everything whatever this holds). */
    permissions: text('permissions').array().notNull(),
    /** Suspended and blocked admins cannot log in, and their sessions stop working at once. */
    status: text('status', { enum: adminStatuses }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('admins_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** An admin's signed-in sessions: the token's hash only, for a working day at most. */
export const adminSessions = pgTable('admin_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /**
   * What the token opens: 'challenge' only the second step of its login (five minutes), 'enrolment'
   * only the setting up of a second factor, which every admin must have before any other console
   * call answers; 'full' the console.
   */
  stage: text('stage', { enum: adminSessionStages }).notNull().default('full'),
  /** When a code of the admin's second factor was last checked in this session. */
  secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
});

/**
 * Every admin action: who, what, on what, why, the target before and after, when and from where.
 * Written in the transaction of the action; a trigger (migration 0026) refuses any change or deletion.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the server itself (the super admin it creates at start). */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * The console's user directory: one narrow row per user, kept from `users` by trigger (migration
 * 0027). Each process's directory index (admin/directory-indexes.ts) loads it, and keeps current from
 * `user_directory_changes`. `search_text` is the lower-cased name and e-mail address.
 */
export const userDirectory = pgTable('user_directory', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  role: text('role').notNull(),
  industryCategory: text('industry_category'),
  accountStatus: text('account_status').notNull(),
  searchText: text('search_text').notNull(),
});

/**
 * Which users' directory rows changed, appended by a trigger on `user_directory` in the same
 * transaction (migration 0030), as job_changes is for projects; the hourly pruning drops rows older than a day.
 */
export const userDirectoryChanges = changeLog('user_directory_changes', 'user_id');

/** How many users there are of each role and account status: the console's summary cards, kept by trigger. */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role').notNull(),
    accountStatus: text('account_status').notNull(),
    users: bigint('users', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.role, table.accountStatus] })],
);

/**
 * The console's project directory: one narrow row per project, kept from `jobs` by trigger (migration
 * 0029). `state` is what the console shows and filters by: staff's decision when they took the project
 * down (suspended, blocked, removed), otherwise the project's own status. `search_text` is the
 * lower-cased title. Each process's directory index (admin/directory-indexes.ts) loads it, and keeps
 * current from `job_changes`.
 */
export const projectDirectory = pgTable('project_directory', {
  id: uuid('id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  state: text('state').notNull(),
  industryCategory: text('industry_category'),
  budgetMinUsd: bigint('budget_min_usd', { mode: 'number' }).notNull(),
  budgetMaxUsd: bigint('budget_max_usd', { mode: 'number' }).notNull(),
  searchText: text('search_text').notNull(),
});

/** How many projects there are in each console state: the Projects tab's summary cards, kept by trigger. */
export const projectCounts = pgTable(
  'project_counts',
  {
    state: text('state').notNull(),
    /**
     * Each database session adds to its own row of a state (migration 0032), so that transactions
     * changing projects' states at once do not queue for one row; a state's count is the sum of its rows.
     */
    shard: smallint('shard').notNull().default(0),
    projects: bigint('projects', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.state, table.shard] })],
);
