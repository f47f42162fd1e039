import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * A national digital identity (UAE PASS, Nafath through its broker) linked to an account: the
 * provider's subject, the verified names and nationality it gave, and when. The national ID number is
 * kept only as a keyed hash (lib/data-key.ts), never in clear: enough to refuse it to a second account.
 */
export const identityLinks = pgTable(
  'identity_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    nationalIdHash: text('national_id_hash').notNull(),
    fullNameEn: text('full_name_en'),
    fullNameAr: text('full_name_ar'),
    nationality: text('nationality'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('identity_links_subject_idx').on(table.provider, table.subject),
    uniqueIndex('identity_links_national_id_idx').on(table.nationalIdHash),
    uniqueIndex('identity_links_user_provider_idx').on(table.userId, table.provider),
  ],
);

/**
 * An OpenID Connect sign-in under way: its state (kept hashed), nonce and PKCE verifier (sealed), what
 * it is for (signing in or linking to the signed-in account), and the site origin to come back to.
 */
export const identityFlows = pgTable(
  'identity_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    intent: text('intent', { enum: ['sign_in', 'link'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    /** The hash of the browser cookie set when it started: only that browser may finish it (no forced linking or sign-in). */
    browserHash: text('browser_hash').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    returnOrigin: text('return_origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('identity_flows_state_idx').on(table.stateHash), index('identity_flows_expiry_idx').on(table.expiresAt)],
);

/**
 * What a finished sign-in hands the web app, behind a single-use token in the return page's fragment:
 * a user to open a session for, or the verified identity of a person with no account yet, to create
 * one from (their role and contact details still to choose).
 */
export const identityTickets = pgTable(
  'identity_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    provider: text('provider').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For a new account: the verified identity (VerifiedIdentity, its national ID hashed). */
    identity: jsonb('identity'),
    /** The address the last code of this sign-up went to: the code creates the account with that one only. */
    codeEmail: text('code_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('identity_tickets_token_idx').on(table.tokenHash), index('identity_tickets_expiry_idx').on(table.expiresAt)],
);
