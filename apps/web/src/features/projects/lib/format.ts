import { currencies } from '@mihna/shared';
import type { Language } from './places.ts';

// Western digits in both languages: amounts and dates read the same in English and Arabic screens.
const localeOf = (language: Language) => `${language}-u-nu-latn`;

/** The short sign of a currency in the reader's language: 'AED', 'د.إ', '$'. */
export function currencySymbol(code: string, language: Language): string {
  return currencies.find((currency) => currency.code === code)?.symbol[language] ?? code;
}

/** The currency's full name ('UAE Dirham'); the code itself when it is unknown. */
export function currencyName(code: string, language: Language): string {
  return currencies.find((currency) => currency.code === code)?.name[language] ?? code;
}

export function decimalsOf(code: string): number {
  return currencies.find((currency) => currency.code === code)?.decimals ?? 2;
}

export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  return new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

function withSymbol(text: string, code: string, language: Language): string {
  const symbol = currencySymbol(code, language);
  if (language === 'ar') return `${text} ${symbol}`;
  return symbol === '$' ? `$${text}` : `${symbol} ${text}`;
}

/** A budget range without decimals: 'AED 5,000 - 10,000', '$1,361 - 2,723', '5,000 - 10,000 د.إ'. */
export function formatBudgetRange(min: number, max: number, code: string, language: Language): string {
  const low = formatNumber(min, language);
  const high = formatNumber(max, language);
  return withSymbol(low === high ? low : `${low} - ${high}`, code, language);
}

/** One amount with the currency's own decimals: 'AED 37.50', 'KWD 1.535'. */
export function formatAmount(amount: number, code: string, language: Language): string {
  return withSymbol(formatNumber(amount, language, decimalsOf(code)), code, language);
}

/** A rate in dollars with its cents only when it has some: '$45/hr' style amounts. */
export function formatDollars(amount: number, language: Language): string {
  return withSymbol(formatNumber(amount, language, Number.isInteger(amount) ? 0 : 2), 'USD', language);
}

/** A calendar date ('2025-03-01') or a timestamp, as a medium date in the reader's language. */
export function formatDate(value: string, language: Language): string {
  const isCalendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isCalendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(isCalendarDate ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** The first `limit` items and how many more there are ('+N more'). */
export function takeFirst<T>(items: readonly T[], limit: number): { shown: T[]; hiddenCount: number } {
  return { shown: items.slice(0, limit), hiddenCount: Math.max(0, items.length - limit) };
}

/** 'in_progress' → 'In progress': the status capitalised with underscores as spaces. */
export function humanizeStatus(status: string): string {
  const text = status.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A job counts as featured only while `featured_until` lies ahead. */
export function isFeaturedNow(job: { is_featured: boolean; featured_until: string | null }, now = Date.now()): boolean {
  if (!job.is_featured) return false;
  return job.featured_until === null || Date.parse(job.featured_until) > now;
}
