import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** A currency's settlement value, featured income and commission, in its minor units. */
export interface CurrencyRow {
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

/** The platform's figures: projects, users, active people, ended contracts and who joined each Gulf month since `since`. */
export interface PlatformCounts {
  projects: number;
  users: number;
  professionals: number;
  employers: number;
  active_professionals: number;
  active_employers: number;
  completed: number;
  cancelled: number;
  joined: Record<string, number>;
}

/** What the console's dashboard reads: the ledger's entries, and the counts of jobs, users and contracts. */
export function createFinancialStatsRepository(db: Db) {
  return {
    moneyByCurrency: () => rowsOf<CurrencyRow>(db, moneySql),
    revenueByMonth: (since: string) => rowsOf<{ month: string; currency: string; revenue: number }>(db, revenueSql(since)),
    async counts(since: string) {
      const [row] = await rowsOf<PlatformCounts>(db, countsSql(since));
      return row;
    },
  };
}

export type FinancialStatsRepository = ReturnType<typeof createFinancialStatsRepository>;
