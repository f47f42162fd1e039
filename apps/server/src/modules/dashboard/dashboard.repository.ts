import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { contracts, jobs, moneyByMonth, proposals } from '../../db/schema.ts';
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
  active: number;
  applications: number;
  months: MonthAmount[];
  projects: { id: string; title: string; proposals: number }[];
}

/** How many of the employer's projects the analytics chart: the most recent. */
export const PROJECTS_CHARTED = 8;

/** A user's monthly money of one side, as a JSON array of MonthAmount (money_by_month, kept by the ledger's writer). */
const monthsOf = (userId: SQL, side: 'earned' | 'spent') => {
  const column = side === 'earned' ? moneyByMonth.earnedMinor : moneyByMonth.spentMinor;
  return sql`(select coalesce(json_agg(json_build_object('currency', ${moneyByMonth.currency}, 'month', to_char(${moneyByMonth.month}, 'YYYY-MM'), 'amountMinor', ${column})), '[]')
    from ${moneyByMonth} where ${moneyByMonth.userId} = ${userId} and ${column} <> 0)`;
};

/** The users asked for, as the rows `u(id)` a statement computes each one's figures over. */
const askedUsers = (ids: string[]) =>
  sql`unnest(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]) as u(id)`;

/**
 * Reads figures for the users asked at the same moment in one statement (lib/batcher.ts: a request that
 * finds a reader free is read at once, alone), so a busy dashboard costs one round trip for many users.
 */
function batchedByUser<Figures>(db: Db, statement: (ids: string[]) => SQL) {
  const batcher = createBatcher<string, Figures>({
    maxBatch: 64,
    concurrency: 4,
    async write(ids) {
      const unique = [...new Set(ids)];
      const rows = await rowsOf<Figures & { id: string }>(db, statement(unique));
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
 * The figures behind the dashboards, each from real rows: counts over the user's own, and money from
 * the monthly totals the ledger's writer keeps (money_by_month), which the ledger invariants check.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Proposals sent, contracts in progress, and what reached them per currency and month (releases net of fees, cash confirmed). */
    professionalFigures: batchedByUser<ProfessionalFigures>(
      db,
      (ids) => sql`select u.id,
        (select count(*)::int from ${proposals} where ${proposals.workerId} = u.id) as proposals,
        (select count(*)::int from ${contracts} where ${contracts.professionalId} = u.id and ${contracts.status} = 'active') as active,
        ${monthsOf(sql`u.id`, 'earned')} as months
        from ${askedUsers(ids)}`,
    ),

    /**
     * Projects (all, and those open or in progress), proposals received, what they paid per currency and
     * month (escrow and weekly hours funded, featured fees and cash confirmed, less refunds), and the
     * most recent projects with their proposal counts.
     */
    employerFigures: batchedByUser<EmployerFigures>(
      db,
      (ids) => sql`select u.id, counts.total, counts.active, counts.applications, ${monthsOf(sql`u.id`, 'spent')} as months,
        (select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'proposals', r.proposal_count)), '[]')
          from (select ${jobs.id} as id, ${jobs.title} as title, ${jobs.proposalCount} as proposal_count from ${jobs}
                where ${jobs.employerId} = u.id order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${PROJECTS_CHARTED}) r) as projects
        from ${askedUsers(ids)}
        cross join lateral (select count(*)::int as total, (count(*) filter (where ${jobs.status} in ('open', 'assigned')))::int as active,
                coalesce(sum(${jobs.proposalCount}), 0)::int as applications
              from ${jobs} where ${jobs.employerId} = u.id) counts`,
    ),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
