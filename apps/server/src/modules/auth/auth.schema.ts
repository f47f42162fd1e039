import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

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
    purpose: text('purpose', { enum: ['registration', 'login', 'password_reset', 'step_up', 'identity_signup', 'email_change'] }).notNull(),
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
    /** When this session last proved a second factor (or a code sent to the account): step-up lasts five minutes. */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
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
    // `second_factor`: the second step of a login, with an authenticator app's code or a recovery code.
    method: text('method', { enum: ['password', 'email_code', 'sms_code', 'second_factor', 'passkey'] }).notNull(),
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

/**
 * A login whose first step passed, waiting for the account's second factor: the client holds the
 * token (only its SHA-256 is kept) for five minutes, and one second step spends it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first step's throttle (login_throttles): the second step's wrong codes count there too. */
    identifier: text('identifier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('login_challenges_token_idx').on(table.tokenHash)],
);

/**
 * The devices (browser, system and kind, from the user agent) an account has signed in from: a
 * sign-in from one not seen before is told to the account's e-mail.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceKey] })],
);

/** The "Secure my account" link of a new-device e-mail: one use, seven days; it ends every session. */
export const secureAccountLinks = pgTable(
  'secure_account_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('secure_account_links_token_idx').on(table.tokenHash), index('secure_account_links_user_idx').on(table.userId)],
);

/**
 * A change of e-mail address under way: the new address waits here until the code sent to it comes
 * back (its owner proves it), for half an hour. One per account; asking again replaces it.
 */
export const emailChanges = pgTable('email_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
