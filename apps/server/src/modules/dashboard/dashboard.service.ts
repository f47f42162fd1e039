import { currencyOfCountry, type DashboardStats, decimalOf, lastMonths } from '@mihna/shared';
import type { Actor } from '../../lib/access.ts';
import type { DashboardRepository, MonthAmount } from './dashboard.repository.ts';

/**
 * Totals per currency (largest first), the headline currency (the largest, else the user's
 * country's), and the last months' amounts per currency, months without any included as zero.
 */
function summarise(rows: MonthAmount[], country: string | null, now: Date) {
  const byCurrency = new Map<string, number>();
  for (const row of rows) byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.amountMinor);
  const totals = [...byCurrency]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, amount: decimalOf(minor, currency) }));
  const currency = totals[0]?.currency ?? currencyOfCountry(country);
  const months = lastMonths(now);
  const amounts = new Map(rows.map((row) => [`${row.currency} ${row.month}`, row.amountMinor]));
  const charted = totals.length > 0 ? totals.map((total) => total.currency) : [currency];
  const monthly = charted.flatMap((code) =>
    months.map((month) => ({ month, currency: code, amount: decimalOf(amounts.get(`${code} ${month}`) ?? 0, code) })),
  );
  return { totals, currency, monthly, total: totals.find((total) => total.currency === currency)?.amount ?? 0 };
}

/** §7 GET /api/dashboard/stats: the caller's own figures for their role, computed from real rows. */
export function createDashboardService(dependencies: { repository: DashboardRepository; clock: () => Date }) {
  const { repository, clock } = dependencies;
  return {
    /** `country` is the caller's, for the currency of figures still at zero. */
    async stats(actor: Actor, country: string | null): Promise<DashboardStats> {
      const now = clock();
      if (actor.role === 'professional') {
        const counts = await repository.professionalFigures(actor.id);
        const money = summarise(counts.months, country, now);
        return {
          role: 'professional',
          total_proposals: counts.proposals,
          active_jobs: counts.active,
          total_earned: money.total,
          currency: money.currency,
          totals: money.totals,
          monthly: money.monthly,
        };
      }
      const counts = await repository.employerFigures(actor.id);
      const money = summarise(counts.months, country, now);
      return {
        role: 'employer',
        total_jobs: counts.total,
        active_jobs: counts.active,
        open_jobs: counts.open,
        total_spent: money.total,
        applications: counts.applications,
        currency: money.currency,
        totals: money.totals,
        monthly: money.monthly,
        proposals_per_project: counts.projects.map((project) => ({
          job_id: project.id,
          title: project.title,
          proposals: project.proposals,
        })),
      };
    },

    /**
     * What an employer paid, as their dashboard's Total Investment shows it: the headline currency's
     * total and every currency's. `country` chooses the currency while nothing is paid yet.
     */
    async employerSpending(employerId: string, country: string | null) {
      const { months } = await repository.employerSpending(employerId);
      const { total, currency, totals } = summarise(months, country, clock());
      return { total, currency, totals };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
