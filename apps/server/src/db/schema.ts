import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }),
    yearsOfExperience: integer('years_of_experience'),
    bio: text('bio'),
    companyName: text('company_name'),
    companyDescription: text('company_description'),
    websiteUrl: text('website_url'),
    companySize: text('company_size'),
    emirate: text('emirate'),
    city: text('city'),
    industryCategory: text('industry_category'),
    showLocation: boolean('show_location').notNull().default(true),
    showExactLocation: boolean('show_exact_location').notNull().default(false),
    verificationMethod: text('verification_method', { enum: ['email', 'sms'] }).notNull(),
    profilePictureId: uuid('profile_picture_id'),
    totalRating: numeric('total_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    accountStatus: text('account_status', { enum: ['active', 'suspended', 'blocked'] })
      .notNull()
      .default('active'),
    linkedinUrl: text('linkedin_url'),
    githubUrl: text('github_url'),
    behanceUrl: text('behance_url'),
    availabilityStatus: text('availability_status', { enum: ['available', 'busy', 'unavailable'] }),
    preferredProjectSize: text('preferred_project_size'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_idx').on(table.countryCode, table.phoneNumber),
    index('users_role_created_idx').on(table.role, table.createdAt),
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
