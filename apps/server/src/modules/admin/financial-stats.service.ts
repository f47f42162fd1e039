import { decimalOf, type FinancialStats, lastMonths, sumConverted, toDecimal } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';

interface CurrencyRow {
  currency: string;
  settlement: number;
  featured: number;
  commission: number;
}

/** The platform's money per currency, from the ledger: what was settled, and what the platform earned. */
const moneySql = sql`
  select e.currency,
    coalesce(sum(e.amount_minor) filter (where a.kind = 'escrow' and t.kind = 'milestone_released'), 0)::bigint
      - coalesce(sum(e.amount_minor) filter (where a.kind = 'cash_received'), 0)::bigint as settlement,
    -coalesce(sum(e.amount_minor) filter (where a.kind = 'featured_income'), 0)::bigint as featured,
    -coalesce(sum(e.amount_minor) filter (where a.kind = 'service_fees'), 0)::bigint as commission
  from ledger_entries e
  join ledger_accounts a on a.id = e.account_id
  join ledger_transactions t on t.id = e.transaction_id
  where a.kind in ('escrow', 'cash_received', 'featured_income', 'service_fees')
  group by e.currency
  order by e.currency`;

/** The platform's revenue (commission and featured fees) per Gulf month and currency since `since`. */
const revenueSql = (since: string) => sql`
  select to_char(date_trunc('month', (t.created_at at time zone 'UTC') + interval '4 hours'), 'YYYY-MM') as month, e.currency,
    -sum(e.amount_minor)::bigint as revenue
  from ledger_entries e
  join ledger_accounts a on a.id = e.account_id and a.kind in ('featured_income', 'service_fees')
  join ledger_transactions t on t.id = e.transaction_id
  where t.created_at >= ((${since}::date - interval '4 hours') at time zone 'UTC')
  group by 1, 2`;

const countsSql = (since: string) => sql`
  select
    (select count(*)::int from jobs) as projects,
    (select count(*)::int from users) as users,
    (select count(*)::int from users where role = 'professional') as professionals,
    (select count(*)::int from users where role = 'employer') as employers,
    (select count(*)::int from dashboard_counts c join users u on u.id = c.user_id where u.role = 'professional' and c.active_contracts > 0) as active_professionals,
    (select count(*)::int from dashboard_counts c join users u on u.id = c.user_id where u.role = 'employer' and (c.active_projects > 0 or c.open_projects > 0)) as active_employers,
    (select count(*)::int from contracts where status = 'completed') as completed,
    (select count(*)::int from contracts where status = 'cancelled') as cancelled,
    (select coalesce(json_object_agg(month, joined), '{}') from (
      select to_char(date_trunc('month', (created_at at time zone 'UTC') + interval '4 hours'), 'YYYY-MM') as month, count(*)::int as joined
      from users where created_at >= ((${since}::date - interval '4 hours') at time zone 'UTC') group by 1) m) as joined`;

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
  return {
    async stats(actor: AdminActor): Promise<FinancialStats> {
      requirePermission(actor, 'view_analytics');
      const months = lastMonths(clock());
      const since = `${months[0]}-01`;
      const [byCurrency, revenue, [counts]] = await Promise.all([
        rowsOf<CurrencyRow>(db, moneySql),
        rowsOf<{ month: string; currency: string; revenue: number }>(db, revenueSql(since)),
        rowsOf<{
          projects: number;
          users: number;
          professionals: number;
          employers: number;
          active_professionals: number;
          active_employers: number;
          completed: number;
          cancelled: number;
          joined: Record<string, number>;
        }>(db, countsSql(since)),
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
