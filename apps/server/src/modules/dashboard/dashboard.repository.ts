import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dashboardCounts } from './dashboard.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { moneyByMonth } from '../payments/payments.schema.ts';
import { createBatcher } from '../../lib/batcher.ts';

export interface MonthAmount {
  currency: string;
  month: string;
  amountMinor: number;
}

export interface ProfessionalFigures {
  proposals: number;
  active: number;
  months: MonthAmount[];
}

export interface EmployerFigures {
  total: number;
  /** Projects with a professional hired (assigned or in progress). */
  active: number;
  /** Projects open to proposals. */
  open: number;
  applications: number;
  months: MonthAmount[];
  projects: { id: string; title: string; proposals: number }[];
}

/** How many of the employer's projects the analytics chart: the most recent. */
export const PROJECTS_CHARTED = 8;

/** The users asked for, as the rows `u(id)` a statement computes each one's figures over. */
const askedUsers = sql`unnest(${sql.placeholder('ids')}::uuid[]) as u(id)`;
const askedUser = sql`u.id`;

/** The asked user's monthly money of one side, as a JSON array of MonthAmount (money_by_month, kept by the ledger's writer). */
const monthsOf = (side: 'earned' | 'spent') => {
  const column = side === 'earned' ? moneyByMonth.earnedMinor : moneyByMonth.spentMinor;
  return sql<
    MonthAmount[]
  >`(select coalesce(json_agg(json_build_object('currency', ${moneyByMonth.currency}, 'month', to_char(${moneyByMonth.month}, 'YYYY-MM'), 'amountMinor', ${column})), '[]')
    from ${moneyByMonth} where ${moneyByMonth.userId} = ${askedUser} and ${column} <> 0)`;
};

/**
 * Reads figures for the users asked at the same moment in one statement, one batch at a time
 * (lib/batcher.ts: a request that finds the reader free is read at once, alone; those that arrive
 * meanwhile go together in the next). A busy dashboard costs one round trip for many users, and
 * PostgreSQL plans the statement, prepared once per connection, once: four batches at a time made
 * smaller batches and halved the requests a second that bench/dashboard.mjs measures.
 */
function batchedByUser<Figures>(statement: { execute(values: { ids: string[] }): Promise<(Figures & { id: string })[]> }) {
  const batcher = createBatcher<string, Figures>({
    maxBatch: 64,
    concurrency: 1,
    async write(ids) {
      const rows = await statement.execute({ ids: [...new Set(ids)] });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        return row ? { status: 'fulfilled', value: row } : { status: 'rejected', reason: new Error(`no dashboard figures for ${id}`) };
      });
    },
  });
  return (userId: string) => batcher.submit(userId);
}

/**
 * The figures behind the dashboards, each from real rows: counts from those that triggers keep in the
 * transactions that change the user's projects, proposals and contracts (dashboard_counts), and money
 * from the monthly totals the ledger's writer keeps (money_by_month), which the ledger invariants check.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Proposals sent, contracts in progress, and what reached them per currency and month (releases net of fees, cash confirmed). */
    professionalFigures: batchedByUser<ProfessionalFigures>(
      db
        .select({
          id: sql<string>`${askedUser}`,
          proposals: sql<number>`coalesce(${dashboardCounts.proposals}, 0)`,
          active: sql<number>`coalesce(${dashboardCounts.activeContracts}, 0)`,
          months: monthsOf('earned'),
        })
        .from(askedUsers)
        .leftJoin(dashboardCounts, eq(dashboardCounts.userId, askedUser))
        .prepare('dashboard_professional_figures'),
    ),

    /**
     * Projects (all, those with a professional hired, those open), proposals received, what they paid per currency
     * and month (escrow and weekly hours funded, featured fees and cash confirmed, less refunds), and
     * the most recent projects with their proposal counts.
     */
    employerFigures: batchedByUser<EmployerFigures>(
      db
        .select({
          id: sql<string>`${askedUser}`,
          total: sql<number>`coalesce(${dashboardCounts.projects}, 0)`,
          active: sql<number>`coalesce(${dashboardCounts.activeProjects}, 0)`,
          open: sql<number>`coalesce(${dashboardCounts.openProjects}, 0)`,
          applications: sql<number>`coalesce(${dashboardCounts.applications}, 0)`,
          months: monthsOf('spent'),
          projects: sql<
            EmployerFigures['projects']
          >`(select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'proposals', r.proposal_count)), '[]')
            from (select ${jobs.id} as id, ${jobs.title} as title, ${jobs.proposalCount} as proposal_count from ${jobs}
                  where ${jobs.employerId} = ${askedUser} order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${PROJECTS_CHARTED}) r)`,
        })
        .from(askedUsers)
        .leftJoin(dashboardCounts, eq(dashboardCounts.userId, askedUser))
        .prepare('dashboard_employer_figures'),
    ),

    /** What the employer paid per currency and month, as their dashboard reads it: their public profile tells the same total. */
    employerSpending: batchedByUser<{ months: MonthAmount[] }>(
      db
        .select({ id: sql<string>`${askedUser}`, months: monthsOf('spent') })
        .from(askedUsers)
        .prepare('dashboard_employer_spending'),
    ),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
