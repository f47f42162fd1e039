import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns.ts';

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
