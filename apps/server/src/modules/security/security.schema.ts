import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { admins } from '../admin/admin.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Whose second factor a row is: a marketplace user's or a staff member's (admin console), exactly one
 * of the two. Users and admins are apart everywhere else (their own sessions and throttles), and so
 * are their codes here.
 */
const owner = () => ({
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
});
const oneOwner = (name: string, table: { userId: unknown; adminId: unknown }) =>
  check(name, sql`num_nonnulls(${table.userId}, ${table.adminId}) = 1`);

/**
 * An authenticator app (RFC 6238): its shared secret sealed under the data key (lib/data-key.ts),
 * enrolled once confirmed with a first code, and the time step of the last code it accepted, so that
 * no code is accepted twice.
 */
export const totpAuthenticators = pgTable(
  'totp_authenticators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...owner(),
    secretSealed: text('secret_sealed').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('totp_authenticators_user_idx').on(table.userId),
    uniqueIndex('totp_authenticators_admin_idx').on(table.adminId),
    oneOwner('totp_authenticators_one_owner', table),
  ],
);

/** One-time recovery codes, shown once at enrolment and kept as keyed hashes (lib/data-key.ts). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...owner(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('recovery_codes_code_idx').on(table.userId, table.codeHash),
    uniqueIndex('recovery_codes_admin_code_idx').on(table.adminId, table.codeHash),
    index('recovery_codes_user_idx').on(table.userId),
    oneOwner('recovery_codes_one_owner', table),
  ],
);

/** Wrong second-factor codes in a row, and until when the second step is locked after five. */
export const secondFactorThrottles = pgTable(
  'second_factor_throttles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...owner(),
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('second_factor_throttles_user_idx').on(table.userId),
    uniqueIndex('second_factor_throttles_admin_idx').on(table.adminId),
    oneOwner('second_factor_throttles_one_owner', table),
  ],
);

/**
 * A passkey (WebAuthn credential) of a marketplace user: its id and public key (COSE, base64url) as
 * the authenticator made them, its signature counter, and the name the user gave it. A passkey signs
 * a user in alone (it is a discoverable credential proved with the device's lock) or serves as the
 * second step of another login.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('passkeys_credential_idx').on(table.credentialId), index('passkeys_user_idx').on(table.userId)],
);

/**
 * A WebAuthn ceremony under way: the challenge the browser was given, for what (`purpose`), for
 * whom and bound to what (the session of a registration or step-up, the login challenge of a second
 * step), until when. Its token is kept hashed and spent once.
 */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_factor', 'step_up'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    boundTo: text('bound_to'),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('passkey_ceremonies_token_idx').on(table.tokenHash), index('passkey_ceremonies_expiry_idx').on(table.expiresAt)],
);
