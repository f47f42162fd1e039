import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tsvector } from '../../db/columns.ts';

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
