import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, selectRows } from '../test/harness.ts';
import { createUser, type TestAccount } from '../test/accounts.ts';
import { call } from '../modules/payments/test-payments.ts';
import { createEmployer, insertJob } from '../modules/proposals/test-jobs.ts';
import { notifications } from '../modules/notifications/notifications.schema.ts';

// Migration 0038 ran when the database opened. Notices are put back as they were written before it, each
// leading to its subject's page only, it runs again over them, and each is read back.
const migration = fs.readFileSync(fileURLToPath(new URL('../../drizzle/0038_notification_subject_links.sql', import.meta.url)), 'utf8');

let app: App;
let employer: TestAccount;
let hessa: TestAccount;
let yousef: TestAccount;
beforeAll(async () => {
  app = await createTestApp();
  employer = await createEmployer(app);
  hessa = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  yousef = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

const propose = async (account: TestAccount, jobId: string) => {
  const response = await call(app, 'POST', '/api/proposals', account.token, {
    job_id: jobId,
    proposal_text: 'I have built three clinic booking systems.',
    proposed_rate: 150,
    estimated_hours: null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ proposal: { id: string } }>().proposal.id;
};

/** The links as the notices were written before the migration: the subject's page only. */
async function writtenTheOldWay() {
  await app.services.database.db.execute(
    sql`update notifications set link = split_part(link, '#', 1) where kind in ('proposal_received', 'interest_received')`,
  );
}

async function runMigration() {
  for (const statement of migration.split('--> statement-breakpoint')) await app.services.database.db.execute(sql.raw(statement));
}

const linkOf = async (kind: string, jobId: string) =>
  (
    await selectRows<{ link: string }>(
      app.services.database,
      sql`select link from notifications where kind = ${kind} and params->>'job_id' = ${jobId} order by created_at`,
    )
  ).map((row) => row.link);

describe('migration 0038: notices lead to their subject', () => {
  it('leads a proposal’s and an interest’s notice to them, found by the project and the professional’s name', async () => {
    const job = await insertJob(app, employer.user.id);
    const interested = await call(app, 'POST', `/api/jobs/${job.id}/express-interest`, yousef.token, { message: 'Free next week.' });
    expect(interested.statusCode, interested.body).toBe(201);
    const proposalId = await propose(hessa, job.id);
    const [interest] = await selectRows<{ id: string }>(app.services.database, sql`select id from job_interests where job_id = ${job.id}`);
    await writtenTheOldWay();
    expect(await linkOf('proposal_received', job.id)).toEqual([`/projects/${job.id}`]);

    await runMigration();

    expect(await linkOf('proposal_received', job.id)).toEqual([`/projects/${job.id}#proposal-${proposalId}`]);
    expect(await linkOf('interest_received', job.id)).toEqual([`/projects/${job.id}#interest-${interest!.id}`]);
  });

  it('leads to the project’s proposals when the name fits two professionals or none any more', async () => {
    const namesake = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
    const shared = await insertJob(app, employer.user.id);
    await propose(hessa, shared.id);
    await propose(namesake, shared.id);
    const renamed = await insertJob(app, employer.user.id);
    await propose(yousef, renamed.id);
    await writtenTheOldWay();
    await app.services.database.db.execute(sql`update users set last_name = 'Al Mazrouei' where id = ${yousef.user.id}`);

    await runMigration();

    expect(await linkOf('proposal_received', shared.id)).toEqual([`/projects/${shared.id}#proposals`, `/projects/${shared.id}#proposals`]);
    expect(await linkOf('proposal_received', renamed.id)).toEqual([`/projects/${renamed.id}#proposals`]);
    await app.services.database.db.execute(sql`update users set last_name = 'Al Hammadi' where id = ${yousef.user.id}`);
  });

  it('leads a timesheet’s notice to its week and a review’s to the reviews, and leaves other notices as they were', async () => {
    const job = await insertJob(app, employer.user.id);
    const payment = `/projects/${job.id}/payment`;
    const old = (kind: (typeof notifications.$inferInsert)['kind'], params: Record<string, string>, link: string) => ({
      userId: hessa.user.id,
      kind,
      title: 'Old notice',
      message: 'Written before the migration.',
      link,
      params: { job_title: 'Clinic booking site', job_id: job.id, ...params },
    });
    await app.services.database.db
      .insert(notifications)
      .values([
        old('timesheet_reviewed', { week: '2026-11-02' }, payment),
        old('timesheet_auto_approved', { week: '2026-11-09' }, payment),
        old('review_received', { party_name: 'Falcon Tech' }, payment),
        old('escrow_funded', { employer_name: 'Falcon Tech' }, payment),
        old('job_invitation', { employer_name: 'Falcon Tech' }, `/projects/${job.id}`),
      ]);

    await runMigration();
    await runMigration();

    expect(await linkOf('timesheet_reviewed', job.id)).toEqual([`${payment}#timesheet-2026-11-02`]);
    expect(await linkOf('timesheet_auto_approved', job.id)).toEqual([`${payment}#timesheet-2026-11-09`]);
    expect(await linkOf('review_received', job.id)).toEqual([`${payment}#reviews`]);
    expect(await linkOf('escrow_funded', job.id)).toEqual([payment]);
    expect(await linkOf('job_invitation', job.id)).toEqual([`/projects/${job.id}`]);
  });
});
