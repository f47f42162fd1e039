import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { contracts, jobs, moneyByMonth, proposals } from '../../db/schema.ts';

export interface MonthAmount {
  currency: string;
  month: string;
  amountMinor: number;
}

/** The one row a dashboard statement answers. */
async function firstRow<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rowsOf<T>(db, query);
  if (!row) throw new Error('the dashboard query answered no row');
  return row;
}

/** A user's monthly money of one side, as a JSON array of MonthAmount (money_by_month, kept by the ledger's writer). */
const monthsOf = (userId: string, side: 'earned' | 'spent') => {
  const column = side === 'earned' ? moneyByMonth.earnedMinor : moneyByMonth.spentMinor;
  return sql`(select coalesce(json_agg(json_build_object('currency', ${moneyByMonth.currency}, 'month', to_char(${moneyByMonth.month}, 'YYYY-MM'), 'amountMinor', ${column})), '[]')
    from ${moneyByMonth} where ${moneyByMonth.userId} = ${userId} and ${column} <> 0)`;
};

/**
 * The figures behind the dashboards, each from real rows: counts over the user's own, and money from
 * the monthly totals the ledger's writer keeps (money_by_month), which the ledger invariants check.
 * Each role's figures are one statement: one round trip to the database per dashboard.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Proposals sent, contracts in progress, and what reached them per currency and month (releases net of fees, cash confirmed). */
    professionalFigures: (professionalId: string) =>
      firstRow<{ proposals: number; active: number; months: MonthAmount[] }>(
        db,
        sql`select
          (select count(*)::int from ${proposals} where ${proposals.workerId} = ${professionalId}) as proposals,
          (select count(*)::int from ${contracts} where ${contracts.professionalId} = ${professionalId} and ${contracts.status} = 'active') as active,
          ${monthsOf(professionalId, 'earned')} as months`,
      ),

    /**
     * Projects (all, and those open or in progress), proposals received, what they paid per currency and
     * month (escrow and weekly hours funded, featured fees and cash confirmed, less refunds), and the
     * most recent projects with their proposal counts.
     */
    employerFigures: (employerId: string, recent: number) =>
      firstRow<{
        total: number;
        active: number;
        applications: number;
        months: MonthAmount[];
        projects: { id: string; title: string; proposals: number }[];
      }>(
        db,
        sql`select counts.total, counts.active, counts.applications, ${monthsOf(employerId, 'spent')} as months,
          (select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'proposals', r.proposal_count)), '[]')
            from (select ${jobs.id} as id, ${jobs.title} as title, ${jobs.proposalCount} as proposal_count from ${jobs}
                  where ${jobs.employerId} = ${employerId} order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${recent}) r) as projects
          from (select count(*)::int as total, (count(*) filter (where ${jobs.status} in ('open', 'assigned')))::int as active,
                  coalesce(sum(${jobs.proposalCount}), 0)::int as applications
                from ${jobs} where ${jobs.employerId} = ${employerId}) counts`,
      ),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
