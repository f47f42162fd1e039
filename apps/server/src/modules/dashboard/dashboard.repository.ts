import { and, desc, eq, gt, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts, jobs, ledgerAccounts, ledgerEntries, ledgerTransactions, proposals } from '../../db/schema.ts';

/** A month (YYYY-MM) on the Gulf's clock (UTC+4 all year), in SQL. */
const monthOf = (column: SQLWrapper) =>
  sql<string>`to_char(date_trunc('month', (${column} at time zone 'UTC') + interval '4 hours'), 'YYYY-MM')`;

export interface MonthAmount {
  currency: string;
  month: string;
  amountMinor: number;
}

/** The figures behind the dashboards, each one aggregate over real rows (the ledger for money). */
export function createDashboardRepository(db: Db) {
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
    earnedByMonth(professionalId: string): Promise<MonthAmount[]> {
      const month = monthOf(ledgerTransactions.createdAt);
      return db
        .select({
          currency: ledgerEntries.currency,
          month,
          amountMinor: sql<number>`-sum(${ledgerEntries.amountMinor})::bigint`.mapWith(Number),
        })
        .from(ledgerAccounts)
        .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerAccounts.ownerId, professionalId),
            or(
              and(eq(ledgerAccounts.kind, 'professional_balance'), eq(ledgerTransactions.kind, 'milestone_released')),
              eq(ledgerAccounts.kind, 'cash_received'),
            ),
          ),
        )
        .groupBy(ledgerEntries.currency, month);
    },

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
     * featured fees and cash they confirmed, less what escrow refunded them. A transaction's amount is
     * the sum of its debits.
     */
    spentByMonth(employerId: string): Promise<MonthAmount[]> {
      const month = monthOf(ledgerTransactions.createdAt);
      return db
        .select({
          currency: ledgerEntries.currency,
          month,
          amountMinor:
            sql<number>`sum(case when ${ledgerTransactions.kind} = 'escrow_refunded' then -${ledgerEntries.amountMinor} else ${ledgerEntries.amountMinor} end)::bigint`.mapWith(
              Number,
            ),
        })
        .from(jobs)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.jobId, jobs.id))
        .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), gt(ledgerEntries.amountMinor, 0)))
        .where(
          and(
            eq(jobs.employerId, employerId),
            inArray(ledgerTransactions.kind, ['escrow_funded', 'escrow_refunded', 'featured_fee', 'cash_settled']),
          ),
        )
        .groupBy(ledgerEntries.currency, month);
    },

    /** The employer's most recent projects with their proposal counts. */
    recentProjects: (employerId: string, limit: number) =>
      db
        .select({ id: jobs.id, title: jobs.title, proposals: jobs.proposalCount })
        .from(jobs)
        .where(eq(jobs.employerId, employerId))
        .orderBy(desc(jobs.createdAt))
        .limit(limit),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
