import { z } from 'zod';

/** How many months the dashboards' charts cover, the current one included. */
export const DASHBOARD_MONTHS = 12;

/** One currency's total: money is never added across currencies. */
const currencyTotal = z.object({ currency: z.string(), amount: z.number() });

/** A month (YYYY-MM, Gulf time) and what was earned or spent in it, in one currency. */
const monthTotal = z.object({ month: z.string(), currency: z.string(), amount: z.number() });

/**
 * §3 Dashboard stats for a professional: proposals sent, contracts in progress, and what they earned
 * (released to their balance net of fees, and cash the employer confirmed), in `currency` (the one
 * they earned most in, else their country's) with every currency's total beside it.
 */
export const professionalStatsSchema = z.object({
  role: z.literal('professional'),
  total_proposals: z.number().int(),
  active_jobs: z.number().int(),
  total_earned: z.number(),
  currency: z.string(),
  totals: z.array(currencyTotal),
  /** Earned per month over the last DASHBOARD_MONTHS months, oldest first, months without earnings included. */
  monthly: z.array(monthTotal),
});

/**
 * §3 Dashboard stats for an employer: projects posted, projects with a professional hired (active) and
 * those still open to proposals, what they paid
 * through the marketplace (escrow and weekly hours, less refunds, cash they confirmed, featured fees),
 * and the proposals their projects received.
 */
export const employerStatsSchema = z.object({
  role: z.literal('employer'),
  total_jobs: z.number().int(),
  /** Projects with a professional hired, not yet finished (assigned or in progress). */
  active_jobs: z.number().int(),
  /** Projects open to proposals, with nobody hired yet. */
  open_jobs: z.number().int(),
  total_spent: z.number(),
  applications: z.number().int(),
  currency: z.string(),
  totals: z.array(currencyTotal),
  monthly: z.array(monthTotal),
  /** Proposals on the employer's most recent projects, for the Analytics chart. */
  proposals_per_project: z.array(z.object({ job_id: z.string(), title: z.string(), proposals: z.number().int() })),
});

export const dashboardStatsSchema = z.discriminatedUnion('role', [professionalStatsSchema, employerStatsSchema]);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type ProfessionalStats = z.infer<typeof professionalStatsSchema>;
export type EmployerStats = z.infer<typeof employerStatsSchema>;

/** The last `count` months (YYYY-MM) up to the one `now` falls in on the Gulf's clock, oldest first. */
export function lastMonths(now: Date, count = DASHBOARD_MONTHS): string[] {
  const local = new Date(now.getTime() + 4 * 3_600_000);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}
