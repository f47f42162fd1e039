import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createdUsColumn, pruneChanges } from '../../search/live-index.repository.ts';
import { userDirectoryChanges } from './admin.schema.ts';

// What the console's directories (directory-indexes.ts) read: the narrow rows that triggers keep
// (user_directory, migration 0027; project_directory, migration 0029) and their change logs
// (user_directory_changes, migration 0030; job_changes, migration 0014).

/** A user as the directory loads them. */
export interface UserDirectoryRow {
  id: string;
  created_us: string;
  role: string;
  industry_category: string | null;
  search_text: string;
}

/** A project as the directory loads it, its budget range in US cents. */
export interface ProjectDirectoryRow {
  id: string;
  created_us: string;
  state: string;
  industry_category: string | null;
  budget_min_usd: string;
  budget_max_usd: string;
  search_text: string;
}

/** The users' rows, read as `s`, and their change log. */
export const userDirectoryRows = {
  rows: sql`user_directory`,
  columns: sql`s.id, ${createdUsColumn}, s.role, s.industry_category, s.search_text`,
  changes: sql`select seq, txid, user_id as changed_id from user_directory_changes`,
};

/** The projects' rows, read as `s`, and their change log. */
export const projectDirectoryRows = {
  rows: sql`project_directory`,
  columns: sql`s.id, ${createdUsColumn}, s.state, s.industry_category, s.budget_min_usd::text as budget_min_usd,
    s.budget_max_usd::text as budget_max_usd, s.search_text`,
  changes: sql`select seq, txid, job_id as changed_id from job_changes`,
};

/** Drops the user directory changes older than a day, which every index has read. */
export async function pruneUserDirectoryChanges(db: Db) {
  await pruneChanges(db, userDirectoryChanges);
}
