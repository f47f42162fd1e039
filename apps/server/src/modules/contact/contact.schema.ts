import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

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
