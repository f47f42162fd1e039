import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  adminRoles,
  adminStatuses,
  checkoutPurposes,
  checkoutStatuses,
  contractStatuses,
  conversationReportReasons,
  disputeDecisions,
  disputeStatuses,
  jobStatuses,
  milestoneStatuses,
  notificationKinds,
  paymentStatuses,
  payoutStatuses,
  projectModerationStatuses,
  proposalStatuses,
  timeEntrySources,
  MAX_ENTRY_SECONDS,
  type SiteSettings,
} from '@mihna/shared';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('outgoing_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
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

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${table.email})`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Processed uploads (profile pictures), kept in the database so every server process can serve them. */
export const mediaFiles = pgTable('media_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: uuid('owner_user_id'),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    countryCode: text('country_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['professional', 'employer'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other', 'prefer_not_to_say'] }),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'`),
    careerHighlights: text('career_highlights')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A professional's hourly rate in fils: the specification gives it in AED (`hourlyRateOf` reads it as money). */
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }),
    yearsOfExperience: integer('years_of_experience'),
    bio: text('bio'),
    companyName: text('company_name'),
    companyDescription: text('company_description'),
    websiteUrl: text('website_url'),
    companySize: text('company_size'),
    /** The business's VAT registration number (the UAE's TRN), printed on its tax invoices and receipts. */
    vatNumber: text('vat_number'),
    /** ISO country of the user's location; `emirate` holds the region id within it (the emirate in the UAE). */
    country: text('country').notNull().default('AE'),
    emirate: text('emirate'),
    city: text('city'),
    industryCategory: text('industry_category'),
    localServiceCategory: text('local_service_category'),
    localServiceSubcategory: text('local_service_subcategory'),
    showLocation: boolean('show_location').notNull().default(true),
    showExactLocation: boolean('show_exact_location').notNull().default(false),
    /** The browser's last position (POST /api/location/update), never shown to others unless show_exact_location. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Metres, as the browser reported it. */
    locationAccuracy: doublePrecision('location_accuracy'),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true }),
    verificationMethod: text('verification_method', { enum: ['email', 'sms'] }).notNull(),
    profilePictureId: uuid('profile_picture_id'),
    totalRating: numeric('total_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    accountStatus: text('account_status', { enum: ['active', 'suspended', 'blocked'] })
      .notNull()
      .default('active'),
    /** Staff's words for a suspension or block, shown to the user when they try to sign in. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** Deleted by staff: the row stays, anonymised, for the money records that name it (decision 38). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    linkedinUrl: text('linkedin_url'),
    githubUrl: text('github_url'),
    behanceUrl: text('behance_url'),
    availabilityStatus: text('availability_status', { enum: ['available', 'busy', 'unavailable'] }),
    preferredProjectSize: text('preferred_project_size'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Name, bio, skills and highlights in English and Arabic stems; kept by a trigger (migration 0002). */
    searchVector: tsvector('search_vector'),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_idx').on(table.countryCode, table.phoneNumber),
    index('users_role_created_idx').on(table.role, table.createdAt),
    index('users_professional_rating_idx')
      .on(table.totalRating.desc(), table.totalReviews.desc(), table.id)
      .where(sql`${table.role} = 'professional' and ${table.accountStatus} = 'active'`),
    index('users_professional_search_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.role} = 'professional'`),
  ],
);

/** A registration waiting for its verification code; it becomes a user only once verified. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    verificationMethod: text('verification_method', { enum: ['email', 'sms'] }).notNull(),
    // The validated registration, with the password already hashed.
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('pending_registrations_email_idx').on(sql`lower(${table.email})`)],
);

/** One-time codes (registration, login, password reset): stored hashed, single use, limited tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['registration', 'login', 'password_reset'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_subject_idx').on(table.purpose, table.subjectId, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sessions_token_idx').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/** Every login attempt, for the user's security and the admin console's login history. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    method: text('method', { enum: ['password', 'email_code', 'sms_code'] }).notNull(),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('login_events_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Failed logins per e-mail address (or mobile number), whether or not an account has it, so the
 * answers for an unknown address and a wrong password cannot be told apart.
 */
export const loginThrottles = pgTable('login_throttles', {
  identifier: text('identifier').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Math challenges shown after failed logins; a solved one yields a single-use token. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  answer: integer('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tokenHash: text('token_hash'),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
  ],
);

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

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * A change log an in-memory index reads to stay current (search/live-index.ts): a row per changed
 * row, appended by a trigger in the changing transaction, found by transaction id; the hourly pruning
 * drops rows older than a day. `changedId` is null for a TRUNCATE: every row may have changed.
 */
function changeLog(name: string, idColumn: string) {
  return pgTable(
    name,
    {
      seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      changedId: uuid(idColumn),
      txid: xid8('txid')
        .notNull()
        .default(sql`pg_current_xact_id()`),
      changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index(`${name}_txid_idx`).on(table.txid), index(`${name}_changed_at_idx`).on(table.changedAt)],
  );
}

/**
 * Which jobs changed, appended by a trigger on `jobs` in the same transaction as the change
 * (migration 0014); every change but a view. Each server process's search index reads it to stay
 * current (search-index.ts), by transaction id; the hourly pruning drops rows older than a day.
 */
export const jobChanges = changeLog('job_changes', 'job_id');

/**
 * Which users changed in what professional search reads (migration 0015), appended by a trigger on
 * `users` in the same transaction; each process's professional search index reads it to stay current,
 * as the project index reads job_changes. The hourly pruning drops rows older than a day.
 */
export const userChanges = changeLog('user_changes', 'user_id');

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
 * What each user earned (professionals) and spent (employers) per currency and month (its first day,
 * Gulf time), kept by the ledger's writer in the transaction that moves the money, so that dashboards
 * read a year in a dozen rows. The ledger invariants check it against the ledger.
 */
export const moneyByMonth = pgTable(
  'money_by_month',
  {
    userId: uuid('user_id').notNull(),
    currency: text('currency').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    earnedMinor: bigint('earned_minor', { mode: 'number' }).notNull().default(0),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency, table.month] })],
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

/** A contract's payment plan: the milestones' total, funded once into escrow (or paid in cash). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    status: text('status', { enum: paymentStatuses }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    isCash: boolean('is_cash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_contract_idx').on(table.contractId),
    uniqueIndex('payments_job_idx').on(table.jobId),
    check('payments_total_positive', sql`${table.totalMinor} > 0`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    status: text('status', { enum: milestoneStatuses }).notNull().default('pending'),
    submissionNotes: text('submission_notes'),
    deliverableUrls: text('deliverable_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    reviewerNotes: text('reviewer_notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Set when the approved-automatically warning went out, so it goes out once. */
    autoApprovalWarnedAt: timestamp('auto_approval_warned_at', { withTimezone: true }),
    isAutoApproved: boolean('is_auto_approved').notNull().default(false),
    /**
     * The dispute about this milestone. A dispute's resolution settles every milestone it holds, so a
     * milestone with a dispute that is not settled yet is on hold: nothing of it moves (decision 45).
     */
    disputeId: uuid('dispute_id').references((): AnyPgColumn => disputes.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('milestones_payment_position_idx').on(table.paymentId, table.position),
    index('milestones_submitted_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'submitted'`),
    index('milestones_dispute_idx')
      .on(table.disputeId)
      .where(sql`${table.disputeId} is not null`),
    check('milestones_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** A hosted payment page for one charge: the featured fee of a job, or a payment's escrow. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: checkoutPurposes }).notNull(),
    /** The job (featured) or the payment (escrow) being paid for. */
    subjectId: uuid('subject_id').notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the session (Stripe's cs_…; the checkout's own id for the test gateway). */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    url: text('url'),
    /** The site's own origin the payer opened the checkout from, where they return to (the public address when unknown). */
    returnOrigin: text('return_origin'),
    /** The language the payer was reading in: their receipt's e-mail speaks it. */
    language: text('language', { enum: ['en', 'ar'] }),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    // Asking again while a checkout is open reuses it: one open checkout per charge.
    uniqueIndex('checkouts_open_subject_idx')
      .on(table.purpose, table.subjectId)
      .where(sql`${table.status} = 'open'`),
    // A charge is paid at most once.
    uniqueIndex('checkouts_paid_subject_idx')
      .on(table.purpose, table.subjectId)
      .where(sql`${table.status} = 'paid'`),
    uniqueIndex('checkouts_provider_session_idx').on(table.provider, table.providerSessionId),
  ],
);

/** The webhook inbox: every provider event, stored by its id before it is applied, applied once. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('provider_events_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.appliedAt} is null`),
  ],
);

/** What resolving a dispute does, decided once (disputes.resolution_plan). */
export interface DisputeResolutionPlan {
  decision: 'release' | 'refund' | 'split';
  note: string;
  endContract: boolean;
  staffId: string;
  /** Each pending hold it settles: how much of it goes to the professional (the rest back to the employer). */
  holds: { holdId: string; milestoneId: string; releaseMinor: number }[];
  /** What each charge gives back, under the key the provider is asked with. */
  refunds: { providerPaymentId: string; amountMinor: number; key: string }[];
  heldMinor: number;
  refundedOtherMinor: number;
}

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: disputeStatuses }).notNull().default('open'),
    /** The payment's status when the dispute was opened. */
    previousStatus: text('previous_status', { enum: paymentStatuses }).notNull(),
    /** Mihna's decision on what the dispute held, and its note to both parties. */
    decision: text('decision', { enum: disputeDecisions }),
    resolutionNote: text('resolution_note'),
    /** Whether staff also ended the contract, refunding what escrow held for the other milestones. */
    endedContract: boolean('ended_contract').notNull().default(false),
    /**
     * Staff's decision, worked out and kept before any refund is asked of the provider, while the dispute
     * is still open: carried out exactly as planned, by the resolution that kept it or by the next
     * attempt, so a refund is never asked twice, nor for another amount (payment-disputes.ts).
     */
    resolutionPlan: jsonb('resolution_plan').$type<DisputeResolutionPlan>(),
    resolvedBy: uuid('resolved_by'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('disputes_open_payment_idx')
      .on(table.paymentId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * Ledger accounts, one per kind, owner and currency. `balance_minor` is kept for guarded accounts
 * (in their normal direction) so a row lock orders spending and a check makes overdrawing impossible.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The user (balances), the payment (escrow), or the nil uuid for the platform's own accounts. */
    ownerId: uuid('owner_id').notNull(),
    currency: text('currency').notNull(),
    normal: text('normal', { enum: ['debit', 'credit'] }).notNull(),
    isGuarded: boolean('is_guarded').notNull(),
    /** Off-platform (cash) accounts count in settlement value, never in balances. */
    isOffPlatform: boolean('is_off_platform').notNull().default(false),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('ledger_accounts_kind_owner_currency_idx').on(table.kind, table.ownerId, table.currency),
    check('ledger_accounts_guarded_not_negative', sql`not ${table.isGuarded} or ${table.balanceMinor} >= 0`),
  ],
);

/** One balanced movement of money; `reference` makes each real-world event land at most once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    paymentId: uuid('payment_id'),
    milestoneId: uuid('milestone_id'),
    jobId: uuid('job_id'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_reference_idx').on(table.reference),
    index('ledger_transactions_payment_idx').on(table.paymentId),
    index('ledger_transactions_kind_idx').on(table.kind, table.createdAt),
    index('ledger_transactions_milestone_idx').on(table.milestoneId),
    index('ledger_transactions_created_idx').on(table.createdAt),
    // An employer's spending is read through their jobs.
    index('ledger_transactions_job_idx').on(table.jobId),
  ],
);

/** Debits positive, credits negative; never updated or deleted (a trigger refuses it, migration 0007). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    check('ledger_entries_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * Escrow as two-phase transfers: funding a payment opens one pending hold per milestone, which is
 * later posted (released to the professional) or voided (refunded), once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] })
      .notNull()
      .default('pending'),
    postedMinor: bigint('posted_minor', { mode: 'number' }).notNull().default(0),
    voidedMinor: bigint('voided_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_milestone_idx').on(table.milestoneId),
    index('ledger_holds_payment_idx').on(table.paymentId),
    check(
      'ledger_holds_closed_sum',
      sql`${table.status} = 'pending' or ${table.postedMinor} + ${table.voidedMinor} = ${table.amountMinor}`,
    ),
  ],
);

/** A professional's request to move their available balance to a bank account. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Only the last four characters are kept beside the provider's own record of the account. */
    ibanLast4: text('iban_last4').notNull(),
    /** A keyed hash of the whole IBAN: the same bank account is recognised without keeping its number. */
    ibanFingerprint: text('iban_fingerprint'),
    accountHolder: text('account_holder').notNull(),
    provider: text('provider').notNull(),
    /** The provider's account that receives it (a Stripe Connect account holding the bank account). */
    providerAccountId: text('provider_account_id'),
    providerPayoutId: text('provider_payout_id'),
    status: text('status', { enum: payoutStatuses }).notNull().default('requested'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('payouts_professional_idx').on(table.professionalId, table.createdAt.desc().nullsFirst()),
    index('payouts_account_idx').on(table.professionalId, table.ibanFingerprint),
    check('payouts_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * A tax invoice for a fee the platform charged (decision 34): numbered without gaps per year, with
 * the VAT of the payer's country inside the fee, and the seller's and buyer's details as they were
 * when it was issued. Written by the ledger's writer in the same transaction as the fee.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['service_fee', 'featured_fee'] }).notNull(),
    /** The ledger transaction that charged the fee: one invoice per fee. */
    ledgerReference: text('ledger_reference').notNull(),
    /** No foreign keys: an invoice is a copy of who and what it was issued for, and a key would make
     *  the fee's transaction wait on locks held on the job or the user (decision 34). */
    buyerId: uuid('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerCountry: text('buyer_country').notNull(),
    /** The buyer's VAT number (TRN) when they had given one: an invoice to a registered business prints it. */
    buyerVatNumber: text('buyer_vat_number'),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    /** The seller's address in Arabic, for the Arabic invoice (INVOICE_SELLER_ADDRESS_AR); null on invoices issued before it was kept. */
    sellerAddressAr: text('seller_address_ar'),
    sellerVatNumber: text('seller_vat_number').notNull(),
    jobId: uuid('job_id'),
    jobTitle: text('job_title'),
    currency: text('currency').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    /** The VAT rate in basis points (500 is 5%). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('tax_invoices_number_idx').on(table.year, table.sequence),
    uniqueIndex('tax_invoices_reference_idx').on(table.ledgerReference),
    index('tax_invoices_buyer_idx').on(table.buyerId, table.year.desc().nullsFirst(), table.sequence.desc().nullsFirst()),
    check(
      'tax_invoices_adds_up',
      sql`${table.netMinor} + ${table.vatMinor} = ${table.totalMinor} and ${table.vatMinor} >= 0 and ${table.netMinor} > 0`,
    ),
  ],
);

/** Receipt numbers, never taken twice; a payment that rolls back leaves a gap, as a receipt is no tax invoice. */
export const receiptNumbers = pgSequence('receipt_numbers');

/** What a receipt lists as paid for: the milestones an escrow funding holds, or a week's approved hours. */
export type StoredReceiptLine =
  { kind: 'milestone'; title: string; amountMinor: number } | { kind: 'hours'; weekStart: string; seconds: number; amountMinor: number };

/**
 * The employer's receipt for each payment they make through the provider (escrow funded, a week's
 * hours paid), issued in the charge's own database transaction (decision 44): a copy of what was paid,
 * for what, by whom and to whom, as it was then. No foreign keys, as on tax invoices.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    /** The ledger transaction that took the payment: one receipt per charge. */
    ledgerReference: text('ledger_reference').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    purpose: text('purpose', { enum: ['escrow', 'milestone', 'timesheet'] }).notNull(),
    payerId: uuid('payer_id').notNull(),
    payerName: text('payer_name').notNull(),
    payerVatNumber: text('payer_vat_number'),
    sellerName: text('seller_name').notNull(),
    jobId: uuid('job_id'),
    jobTitle: text('job_title'),
    lines: jsonb('lines').$type<StoredReceiptLine[]>().notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The card provider's reference of the charge (its payment's id), else the checkout's. */
    paymentReference: text('payment_reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_receipts_reference_idx').on(table.ledgerReference),
    uniqueIndex('payment_receipts_sequence_idx').on(table.sequence),
    index('payment_receipts_payer_idx').on(table.payerId, table.sequence.desc()),
    check('payment_receipts_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** The last invoice number issued in each year: taken and advanced in the fee's own transaction, so numbers never skip. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

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
