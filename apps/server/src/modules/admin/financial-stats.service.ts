import { decimalOf, type FinancialStats, lastMonths, sumConverted, toDecimal } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createFinancialStatsRepository, type CurrencyRow } from './financial-stats.repository.ts';

/** A field's total over the currencies, in AED at the reference rates (the pegs), as a decimal amount. */
const sumAed = (rows: CurrencyRow[], field: 'settlement' | 'featured' | 'commission') =>
  toDecimal(
    sumConverted(
      rows.map((row) => ({ minor: row[field], currency: row.currency })),
      'AED',
    ),
  );

/** Admin spec §2 Dashboard: the four cards from the ledger and the platform's figures, each from real rows. */
export function createFinancialStatsService(dependencies: { db: Db; clock: () => Date }) {
  const { db, clock } = dependencies;
  const repository = createFinancialStatsRepository(db);
  return {
    async stats(actor: AdminActor): Promise<FinancialStats> {
      requirePermission(actor, 'view_analytics');
      const months = lastMonths(clock());
      const since = `${months[0]}-01`;
      const [byCurrency, revenue, counts] = await Promise.all([
        repository.moneyByCurrency(),
        repository.revenueByMonth(since),
        repository.counts(since),
      ]);
      if (!counts) throw new Error('the counts statement returned no row');
      const ended = counts.completed + counts.cancelled;
      const revenueIn = (month: string) =>
        toDecimal(
          sumConverted(
            revenue.filter((row) => row.month === month).map((row) => ({ minor: row.revenue, currency: row.currency })),
            'AED',
          ),
        );
      return {
        total_projects: counts.projects,
        total_settlement_value: sumAed(byCurrency, 'settlement'),
        featured_posts_income: sumAed(byCurrency, 'featured'),
        platform_commission: sumAed(byCurrency, 'commission'),
        currency: 'AED',
        // A currency with money only held in escrow so far has nothing to show yet.
        by_currency: byCurrency
          .filter((row) => Number(row.settlement) !== 0 || Number(row.featured) !== 0 || Number(row.commission) !== 0)
          .map((row) => ({
            currency: row.currency,
            total_settlement_value: decimalOf(Number(row.settlement), row.currency),
            featured_posts_income: decimalOf(Number(row.featured), row.currency),
            platform_commission: decimalOf(Number(row.commission), row.currency),
          })),
        users: {
          total: counts.users,
          professionals: counts.professionals,
          employers: counts.employers,
          active_professionals: counts.active_professionals,
          active_employers: counts.active_employers,
        },
        success_rate: ended > 0 ? Math.round((counts.completed / ended) * 1000) / 10 : null,
        monthly: months.map((month) => ({ month, revenue: revenueIn(month), new_users: counts.joined[month] ?? 0 })),
      };
    },
  };
}

export type FinancialStatsService = ReturnType<typeof createFinancialStatsService>;
