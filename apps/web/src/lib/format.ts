import { currencies, type CountryCode } from '@mihna/shared';

export type Language = 'en' | 'ar';

export const languageOf = (language: string): Language => (language === 'ar' ? 'ar' : 'en');

interface LocaleOptions {
  /** Follow this country's conventions too: the profile screens write UAE dates ('1 Mar 2025'). */
  country?: CountryCode;
}

// Western digits in both languages: amounts and dates read the same in English and Arabic screens.
const localeOf = (language: Language, country?: CountryCode) => `${country ? `${language}-${country}` : language}-u-nu-latn`;

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

interface NumberOptions extends LocaleOptions {
  /** Exactly this many digits after the point (none by default), or `{ upTo }` to drop trailing zeros ('150', '37.5'). */
  fractionDigits?: number | { upTo: number };
}

/**
 * Intl formatters by locale and options: making one costs far more than using it (a page of results
 * formats a few hundred numbers and dates), and the combinations a screen uses are few.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatterOf<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

export function formatNumber(value: number, language: Language, { fractionDigits = 0, country }: NumberOptions = {}): string {
  const [minimum, maximum] = typeof fractionDigits === 'number' ? [fractionDigits, fractionDigits] : [0, fractionDigits.upTo];
  const locale = localeOf(language, country);
  const formatter = formatterOf(
    `number ${locale} ${minimum} ${maximum}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: minimum, maximumFractionDigits: maximum }),
  );
  return formatter.format(value);
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
  return withSymbol(formatNumber(amount, language, { fractionDigits: decimalsOf(code) }), code, language);
}

/** A rate in dollars with its cents only when it has some: '$45/hr' style amounts. */
export function formatDollars(amount: number, language: Language): string {
  return withSymbol(formatNumber(amount, language, { fractionDigits: Number.isInteger(amount) ? 0 : 2 }), 'USD', language);
}

/** A length of time to the second as a clock reads it, hours not padded and past 24 kept whole: '2:00:40', '37:05:09'. */
export function formatClockDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

interface DateOptions extends LocaleOptions {
  /** The locale's own medium style, as the profile screens use ('01/03/2025' in Arabic); else day, short month and year. */
  dateStyle?: 'medium';
}

/** A calendar date ('2025-03-01') or a timestamp, as a date in the reader's language. */
export function formatDate(value: string, language: Language, { dateStyle, country }: DateOptions = {}): string {
  const isCalendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isCalendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = localeOf(language, country);
  const formatter = formatterOf(
    `date ${locale} ${dateStyle ?? ''} ${isCalendarDate}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        ...(dateStyle ? { dateStyle } : { day: 'numeric', month: 'short', year: 'numeric' }),
        // A bare calendar date (a deadline, a completion date) is the same day everywhere; a timestamp is shown in local time.
        ...(isCalendarDate ? { timeZone: 'UTC' } : {}),
      }),
  );
  return formatter.format(date);
}

/** A timestamp as its date and time of day in the reader's language and time zone ('26 Nov 2026, 18:05'). */
export function formatDateTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = localeOf(language);
  const formatter = formatterOf(
    `datetime ${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  );
  return formatter.format(date);
}

/** A timestamp's time of day in the reader's language and time zone ('18:05', '6:05 PM'). */
export function formatTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = localeOf(language);
  const formatter = formatterOf(`time ${locale}`, () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }));
  return formatter.format(date);
}

/** A month ('2026-11') by its short name and year in the reader's language ('Nov 2026', 'نوفمبر 2026'). */
export function formatMonth(month: string, language: Language): string {
  const locale = localeOf(language);
  const formatter = formatterOf(
    `month ${locale}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  return formatter.format(new Date(`${month}-01T00:00:00Z`));
}

/** The first `limit` items and how many more there are ('+N more'). */
export function takeFirst<T>(items: readonly T[], limit: number): { shown: T[]; hiddenCount: number } {
  return { shown: items.slice(0, limit), hiddenCount: Math.max(0, items.length - limit) };
}
