import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { createUser } from '../../test/accounts.ts';
import { selectRows } from '../../test/harness.ts';

/** A job row written straight to the table, so these tests do not depend on the jobs module. */
export async function insertJob(app: App, employerId: string, changes: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await app.services.database.db
    .insert(jobs)
    .values({
      employerId,
      title: 'Bilingual booking site for a Dubai clinic',
      description: 'A booking site in Arabic and English with SMS reminders.',
      skillsRequired: ['React', 'TypeScript'],
      jobType: 'fixed',
      country: 'AE',
      region: 'dubai',
      paymentMethod: 'escrow',
      currency: 'AED',
      budgetMinMinor: 500_000,
      budgetMaxMinor: 1_000_000,
      budgetMinUsd: 136_147,
      budgetMaxUsd: 272_294,
      status: 'open',
      ...changes,
    })
    .returning({ id: jobs.id, title: jobs.title });
  if (!row) throw new Error('the job was not inserted');
  return row;
}

export const createEmployer = (app: App, changes: Record<string, unknown> = {}) =>
  createUser(app, { role: 'employer', first_name: 'Omar', last_name: 'Al Mansoori', company_name: 'Falcon Tech', ...changes });

export interface NotificationRecord {
  user_id: string;
  kind: string;
  link: string | null;
  params: Record<string, string>;
}

/** Every notification row, oldest first: tests prove who was told what, and that refusals told no one. */
export const notificationRows = (app: App) =>
  selectRows<NotificationRecord>(app.services.database, sql`select user_id, kind, link, params from notifications order by created_at, id`);

/** The notifications written since `before` was read, by kind: those one transaction writes share a time and have no order. */
export const notificationsSince = async (app: App, before: readonly NotificationRecord[]) =>
  (await notificationRows(app)).slice(before.length).sort((a, b) => a.kind.localeCompare(b.kind) || a.user_id.localeCompare(b.user_id));
