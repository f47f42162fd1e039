import type { JobType } from '@mihna/shared';
import { useTranslation } from '../i18n/index.ts';
import { formatBudgetRange, languageOf } from './format.ts';

export interface JobBudget {
  budget_min: number;
  budget_max: number;
  currency: string;
  job_type: JobType;
}

/**
 * A project's budget as a range without decimals, said per hour for an hourly project (its budget is
 * a rate): 'AED 5,000 - 8,000' or 'AED 50 - 80/hr', '50 - 80 د.إ/ساعة'. `currency` and the amounts
 * may be given converted (the project page's hint in dollars); the job's own are used otherwise.
 */
export function useJobBudget() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return ({ budget_min, budget_max, currency, job_type }: JobBudget) => {
    const range = formatBudgetRange(budget_min, budget_max, currency, language);
    return job_type === 'hourly' ? t('amounts.budget_per_hour', { budget: range }) : range;
  };
}
