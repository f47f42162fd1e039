import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { type SiteSettings } from '@mihna/shared';

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
