import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmployerStats, ProfessionalStats } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { proposals } from '../proposals/proposals.schema.ts';
import { users } from '../users/users.schema.ts';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { call, earn, expectLedgerSound, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

// 10 November 2026 in Dubai.
const clock = createTestClock(Date.parse('2026-11-10T08:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
});
afterAll(() => app.close());

async function stats<T>(account: TestAccount): Promise<T> {
  const response = await call(app, 'GET', '/api/dashboard/stats', account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const monthOf = (figures: { monthly: { month: string; amount: number }[] }, month: string) =>
  figures.monthly.find((row) => row.month === month)?.amount;

describe('GET /api/dashboard/stats', () => {
  it('asks who is asking, and starts at zero in the user’s own currency with twelve months to chart', async () => {
    expect((await call(app, 'GET', '/api/dashboard/stats')).statusCode).toBe(401);
    const figures = await stats<ProfessionalStats>(professional);
    expect(figures).toMatchObject({
      role: 'professional',
      total_proposals: 0,
      active_jobs: 0,
      total_earned: 0,
      currency: 'AED',
      totals: [],
    });
    expect(figures.monthly.map((row) => row.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(figures.monthly.every((row) => row.amount === 0 && row.currency === 'AED')).toBe(true);
  });

  it('counts the professional’s proposals and contracts in progress, and what reached them net of the 2% fee, by month', async () => {
    // AED 1,000 and 500 released (AED 1,470 after fees), and a second job hired and in escrow.
    await earn(app, employer, professional, [1000, 500]);
    const ongoing = await hire(app, employer, professional);
    await fundEscrow(app, employer, ongoing.id, [800]);
    const figures = await stats<ProfessionalStats>(professional);
    expect(figures).toMatchObject({
      total_proposals: 2,
      active_jobs: 1,
      total_earned: 1470,
      currency: 'AED',
      totals: [{ currency: 'AED', amount: 1470 }],
    });
    expect(monthOf(figures, '2026-11')).toBe(1470);
    expect(monthOf(figures, '2026-10')).toBe(0);
    // A month later the figure moves into its own month.
    clock.advance(25 * 86_400_000);
    await earn(app, employer, professional, [200]);
    const later = await stats<ProfessionalStats>(professional);
    expect(later.total_earned).toBe(1470 + 196);
    expect(monthOf(later, '2026-11')).toBe(1470);
    expect(monthOf(later, '2026-12')).toBe(196);
    await expectLedgerSound(app);
  });

  it('counts the employer’s projects, those with a professional hired, proposals received, and what they paid', async () => {
    const figures = await stats<EmployerStats>(employer);
    // Three hires (two completed, one in escrow); every one had one proposal.
    expect(figures).toMatchObject({ role: 'employer', total_jobs: 3, active_jobs: 1, open_jobs: 0, applications: 3, currency: 'AED' });
    // Escrow funded: 1,500 + 800 + 200.
    expect(figures.total_spent).toBe(2500);
    expect(monthOf(figures, '2026-11')).toBe(2300);
    expect(monthOf(figures, '2026-12')).toBe(200);
    expect(figures.proposals_per_project).toHaveLength(3);
    expect(figures.proposals_per_project.every((project) => project.proposals === 1)).toBe(true);
  });

  it('counts as active only the projects with a professional hired, and the open ones as a figure of their own', async () => {
    const poster = await createEmployer(app);
    const hiredProfessional = await createUser(app, { first_name: 'Mariam', last_name: 'Al Suwaidi' });
    const open = await insertJob(app, poster.user.id, { status: 'open' });
    await insertJob(app, poster.user.id, { status: 'open' });
    expect(await stats<EmployerStats>(poster)).toMatchObject({ total_jobs: 2, active_jobs: 0, open_jobs: 2 });
    // Hiring on a third makes it active; the open ones stay open.
    const hired = await hire(app, poster, hiredProfessional);
    expect(await stats<EmployerStats>(poster)).toMatchObject({ total_jobs: 3, active_jobs: 1, open_jobs: 2 });
    await app.services.database.db.update(jobs).set({ status: 'in_progress' }).where(eq(jobs.id, hired.id));
    expect(await stats<EmployerStats>(poster)).toMatchObject({ active_jobs: 1, open_jobs: 2 });
    // Finished or closed, a project is neither.
    await app.services.database.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, hired.id));
    await app.services.database.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, open.id));
    expect(await stats<EmployerStats>(poster)).toMatchObject({ total_jobs: 3, active_jobs: 0, open_jobs: 1 });
  });

  it('answers every user with their own figures only', async () => {
    const stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
    // Living in Saudi Arabia: nothing earned yet, shown in riyals.
    await app.services.database.db.update(users).set({ country: 'SA' }).where(eq(users.id, stranger.user.id));
    expect(await stats<ProfessionalStats>(stranger)).toMatchObject({
      total_proposals: 0,
      active_jobs: 0,
      total_earned: 0,
      currency: 'SAR',
    });
    const otherEmployer = await createEmployer(app);
    expect(await stats<EmployerStats>(otherEmployer)).toMatchObject({
      total_jobs: 0,
      active_jobs: 0,
      open_jobs: 0,
      total_spent: 0,
      applications: 0,
    });
  });

  it('answers users asking at the same moment each with their own figures, as when they ask one by one', async () => {
    const others = await Promise.all([createEmployer(app), createUser(app)]);
    const accounts = [employer, professional, ...others];
    const alone: string[] = [];
    for (const account of accounts) alone.push(JSON.stringify(await stats(account)));
    const together = await Promise.all(Array.from({ length: 40 }, (_, index) => stats(accounts[index % accounts.length]!)));
    together.forEach((figures, index) => expect(JSON.stringify(figures)).toBe(alone[index % accounts.length]));
  });

  it('keeps each user’s counts as a recount of their projects, proposals and contracts would, through every change', async () => {
    const { db } = app.services.database;
    const recount = sql`select user_id, sum(projects)::int as projects, sum(active_projects)::int as active_projects,
        sum(open_projects)::int as open_projects, sum(applications)::int as applications, sum(proposals)::int as proposals,
        sum(active_contracts)::int as active_contracts
      from (select employer_id as user_id, count(*) as projects, count(*) filter (where status in ('assigned', 'in_progress')) as active_projects,
              count(*) filter (where status = 'open') as open_projects, sum(proposal_count) as applications, 0 as proposals,
              0 as active_contracts from jobs group by employer_id
            union all select worker_id, 0, 0, 0, 0, count(*), 0 from proposals group by worker_id
            union all select professional_id, 0, 0, 0, 0, 0, count(*) from contracts where status = 'active' group by professional_id) counted
      group by user_id order by user_id`;
    const kept = sql`select user_id, projects, active_projects, open_projects, applications, proposals, active_contracts from dashboard_counts
      where (projects, active_projects, open_projects, applications, proposals, active_contracts) <> (0, 0, 0, 0, 0, 0) order by user_id`;
    const expectKept = async () => {
      const rows = await selectRows(app.services.database, kept);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await selectRows(app.services.database, recount));
    };
    // What the tests above did through the API: projects posted, proposals sent and accepted, contracts made and completed.
    await expectKept();
    const [first, second] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.employerId, employer.user.id)).limit(2);
    const other = await createEmployer(app);
    // A project closes; another gains proposals; one moves to another employer; one is deleted.
    await db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, first!.id));
    await expectKept();
    await db
      .update(jobs)
      .set({ proposalCount: sql`${jobs.proposalCount} + 4` })
      .where(eq(jobs.id, second!.id));
    await expectKept();
    await db.update(jobs).set({ employerId: other.user.id, status: 'open' }).where(eq(jobs.id, second!.id));
    await expectKept();
    expect(await stats<EmployerStats>(other)).toMatchObject({ total_jobs: 1, active_jobs: 0, open_jobs: 1, applications: 5 });
    // A project posted and deleted again leaves the counts as they were.
    const posted = await insertJob(app, other.user.id, { status: 'open', proposalCount: 2 });
    expect(await stats<EmployerStats>(other)).toMatchObject({ total_jobs: 2, active_jobs: 0, open_jobs: 2, applications: 7 });
    await db.delete(jobs).where(eq(jobs.id, posted.id));
    await expectKept();
    expect(await stats<EmployerStats>(other)).toMatchObject({ total_jobs: 1, active_jobs: 0, open_jobs: 1, applications: 5 });
    // The professional's contract in progress completes, and another opens; a proposal of theirs is deleted.
    const before = await stats<ProfessionalStats>(professional);
    await db
      .update(contracts)
      .set({ status: 'completed' })
      .where(and(eq(contracts.professionalId, professional.user.id), eq(contracts.status, 'active')));
    await expectKept();
    expect(await stats<ProfessionalStats>(professional)).toMatchObject({ active_jobs: before.active_jobs - 1 });
    await db.update(contracts).set({ status: 'active' }).where(eq(contracts.professionalId, professional.user.id));
    await expectKept();
    const open = await insertJob(app, other.user.id);
    await db.insert(proposals).values({
      jobId: open.id,
      workerId: professional.user.id,
      proposalText: 'I can start this week.',
      proposedAmountMinor: 500_000,
      currency: 'AED',
    });
    await expectKept();
    expect(await stats<ProfessionalStats>(professional)).toMatchObject({ total_proposals: before.total_proposals + 1 });
    await db.delete(proposals).where(eq(proposals.jobId, open.id));
    await expectKept();
    // The migrations' counts of what was already there, run again over an emptied table, agree too: 0025's,
    // then the one that counted active projects apart from open ones.
    const lastStatementOf = (suffix: string) => {
      const folder = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
      const file = fs.readdirSync(folder).find((name) => name.endsWith(suffix));
      return fs.readFileSync(`${folder}${file}`, 'utf8').split('--> statement-breakpoint').at(-1)!;
    };
    await db.execute(sql`delete from dashboard_counts`);
    await db.execute(sql.raw(lastStatementOf('_dashboard_counts.sql')));
    await db.execute(sql.raw(lastStatementOf('_dashboard_open_projects.sql')));
    await expectKept();
  });
});
