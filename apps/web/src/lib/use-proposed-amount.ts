import type { JobType } from '@mihna/shared';
import { useTranslation } from '../i18n/index.ts';
import { formatNumber, currencySymbol, decimalsOf, languageOf } from './format.ts';

export interface ProposedAmount {
  proposed_rate: number;
  currency: string;
  job_type: JobType;
}

/** An amount in its currency, with decimals only when it has some: 'AED 150', 'AED 37.50', '1.235 د.ك'. */
export function formatPrice(amount: number, code: string, language: 'en' | 'ar'): string {
  const text = formatNumber(amount, language, { fractionDigits: Number.isInteger(amount) ? 0 : decimalsOf(code) });
  const symbol = currencySymbol(code, language);
  if (language === 'ar') return `${text} ${symbol}`;
  return symbol === '$' ? `$${text}` : `${symbol} ${text}`;
}

/** What a proposal or an interest asks, in the job's currency: 'AED 150/hr' (hourly) or 'AED 12,000 fixed price'. */
export function useProposedAmount() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return ({ proposed_rate, currency, job_type }: ProposedAmount) =>
    t(job_type === 'hourly' ? 'amounts.per_hour' : 'amounts.fixed_price', { amount: formatPrice(proposed_rate, currency, language) });
}
