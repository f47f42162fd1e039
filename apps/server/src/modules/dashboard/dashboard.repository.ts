import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts, jobs, moneyByMonth, proposals } from '../../db/schema.ts';

export interface MonthAmount {
  currency: string;
  month: string;
  amountMinor: number;
}

/**
 * The figures behind the dashboards, each from real rows: counts over the user's own, and money from
 * the monthly totals the ledger's writer keeps (money_by_month), which the ledger invariants check.
 */
export function createDashboardRepository(db: Db) {
  const monthly = (userId: string, side: 'earned' | 'spent') => {
    const column = side === 'earned' ? moneyByMonth.earnedMinor : moneyByMonth.spentMinor;
    return db
      .select({ currency: moneyByMonth.currency, month: sql<string>`to_char(${moneyByMonth.month}, 'YYYY-MM')`, amountMinor: column })
      .from(moneyByMonth)
      .where(and(eq(moneyByMonth.userId, userId), ne(column, 0)));
  };

  return {
    async professionalCounts(professionalId: string) {
      const [counts] = await db
        .select({
          proposals: sql<number>`(select count(*)::int from ${proposals} where ${proposals.workerId} = ${professionalId})`,
          active: sql<number>`(select count(*)::int from ${contracts} where ${contracts.professionalId} = ${professionalId} and ${contracts.status} = 'active')`,
        })
        .from(sql`(select 1) as one`);
      return counts ?? { proposals: 0, active: 0 };
    },

    /** What reached the professional per currency and month: releases to their balance (net of fees) and cash confirmed. */
    earnedByMonth: (professionalId: string): Promise<MonthAmount[]> => monthly(professionalId, 'earned'),

    async employerCounts(employerId: string) {
      const [counts] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${jobs.status} in ('open', 'assigned')))::int`,
          applications: sql<number>`coalesce(sum(${jobs.proposalCount}), 0)::int`,
        })
        .from(jobs)
        .where(eq(jobs.employerId, employerId));
      return counts ?? { total: 0, active: 0, applications: 0 };
    },

    /**
     * What the employer paid per currency and month on their projects: escrow and weekly hours funded,
     * featured fees and cash they confirmed, less what escrow refunded them.
     */
    spentByMonth: (employerId: string): Promise<MonthAmount[]> => monthly(employerId, 'spent'),

    /** The employer's most recent projects with their proposal counts. */
    recentProjects: (employerId: string, limit: number) =>
      db
        .select({ id: jobs.id, title: jobs.title, proposals: jobs.proposalCount })
        .from(jobs)
        .where(eq(jobs.employerId, employerId))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
