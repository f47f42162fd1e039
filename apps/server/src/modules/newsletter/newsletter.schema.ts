import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

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
