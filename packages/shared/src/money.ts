import { currencies } from './reference/currencies.ts';
import { countryList } from './reference/country-list.ts';
import type { CurrencyCode } from './reference/types.ts';

/**
 * An amount of money: a whole number of the currency's minor unit (fils, halalas, baisa…) and the
 * currency. Arithmetic on it is integer arithmetic; a decimal number exists only at the API's edge
 * (`parseMoney`, `toDecimal`) and on screen (`formatMoney`).
 */
export interface Money {
  readonly minor: number;
  readonly currency: CurrencyCode;
}

/** The currency a job in this country is budgeted in (AED when the country is unknown). */
export function currencyOfCountry(countryCode: string | null | undefined): CurrencyCode {
  const code = countryCode?.trim().toUpperCase();
  return countryList.find((country) => country.code === code)?.currency ?? 'AED';
}

export function currencyInfo(code: CurrencyCode) {
  const currency = currencies.find((candidate) => candidate.code === code);
  if (!currency) throw new Error(`unknown currency ${code}`);
  return currency;
}

export function money(minor: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  return { minor, currency };
}

export const zeroMoney = (currency: CurrencyCode): Money => money(0, currency);

/** The largest amount the marketplace takes in one field: a billion in any currency, far below 2^53 minor units. */
export const MAX_MAJOR_UNITS = 1_000_000_000;

export type MoneyParseProblem = 'not_a_number' | 'too_many_decimals' | 'too_large';

/**
 * A decimal amount as the API and the forms send it (10.5, '10.50', '1.234') in a currency's minor
 * units, exactly: the digits are read as text, never multiplied as a float. Refuses more decimals
 * than the currency has (0.005 AED, 1.0005 KWD) instead of rounding them away.
 */
export function parseMoney(amount: number | string, currency: CurrencyCode): Money | MoneyParseProblem {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  const match = text === undefined ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return 'not_a_number';
  const [, sign = '', whole = '', fraction = ''] = match;
  const { decimals } = currencyInfo(currency);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return 'too_many_decimals';
  if (Number(whole) > MAX_MAJOR_UNITS) return 'too_large';
  const minor = Number(whole + significant.padEnd(decimals, '0'));
  return money(sign === '-' && minor !== 0 ? -minor : minor, currency);
}

/** A finite number as plain decimal digits ('0.000001', never '1e-6'); undefined for NaN and infinities. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) >= 1 ? BigInt(Math.trunc(value)).toString() : value.toFixed(20).replace(/0+$/, '');
}

/** The amount as a decimal number for the API (1050 fils → 10.5). JSON prints it exactly. */
export function toDecimal(value: Money): number {
  return Number(toDecimalText(value));
}

/** An amount read back from the database (minor units and its currency's code) as a decimal for the API. */
export const decimalOf = (minor: number, currency: string): number => toDecimal(money(minor, currency as CurrencyCode));

/** The amount as decimal text with all of the currency's places ('10.50', '1.235'). */
export function toDecimalText(value: Money): string {
  const { decimals } = currencyInfo(value.currency);
  const digits = Math.abs(value.minor)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${value.minor < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

function requireSameCurrency(a: Money, b: Money) {
  if (a.currency !== b.currency) throw new Error(`cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  requireSameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  requireSameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

export function sumMoney(values: readonly Money[], currency: CurrencyCode): Money {
  return values.reduce((total, value) => addMoney(total, value), zeroMoney(currency));
}

export const compareMoney = (a: Money, b: Money): number => {
  requireSameCurrency(a, b);
  return Math.sign(a.minor - b.minor);
};

export type Rounding = 'up' | 'down' | 'half_up';

/** `value` × `numerator` ÷ `denominator`, in whole minor units, computed in integers. */
export function scaleMoney(value: Money, numerator: number, denominator: number, rounding: Rounding = 'half_up'): Money {
  const product = BigInt(value.minor) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const quotient = product / divisor;
  const remainder = product % divisor;
  let result = quotient;
  if (rounding === 'up' && remainder > 0n) result += 1n;
  if (rounding === 'half_up' && remainder * 2n >= divisor) result += 1n;
  return money(Number(result), value.currency);
}

/** A share in basis points (200 = 2%) of an amount, in whole minor units, computed in integers. */
export const shareOf = (value: Money, basisPoints: number, rounding: Rounding = 'half_up'): Money =>
  scaleMoney(value, basisPoints, 10_000, rounding);

/** What `seconds` of work cost at an hourly rate, to the nearest minor unit. */
export const chargeForSeconds = (hourlyRate: Money, seconds: number): Money => scaleMoney(hourlyRate, seconds, 3600, 'half_up');

/** Converts through the US dollar pegs (configured rate for KWD); for filtering and display only, never for charging. */
export function convertAmount(amount: number, from: CurrencyCode, to: CurrencyCode): number {
  if (from === to) return amount;
  return (amount / currencyInfo(from).perUsd) * currencyInfo(to).perUsd;
}

/** A whole number of US cents, the common scale for filtering and sorting budgets across countries. */
export function toUsdCents(value: Money): number {
  return Math.round(convertAmount(toDecimal(value), value.currency, 'USD') * 100);
}

/** Converts an amount to another currency through the pegs, rounded to the target's minor unit. */
export function convertMoney(value: Money, to: CurrencyCode): Money {
  if (value.currency === to) return value;
  const converted = convertAmount(toDecimal(value), value.currency, to);
  return money(Math.round(converted * 10 ** currencyInfo(to).decimals), to);
}

/**
 * Amounts of several currencies as one amount of `to`: each converted through the pegs and rounded to
 * `to`'s minor unit before adding. For reports that must give one figure, never for charging.
 */
export function sumConverted(amounts: readonly { minor: number; currency: string }[], to: CurrencyCode): Money {
  return money(
    amounts.reduce((total, amount) => total + convertMoney(money(Number(amount.minor), amount.currency as CurrencyCode), to).minor, 0),
    to,
  );
}

export type MoneyLanguage = 'en' | 'ar';

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Making a number format is costly (a locale lookup each time): one per language and number of decimals. */
function numberFormat(language: MoneyLanguage, decimals: number): Intl.NumberFormat {
  const key = `${language}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An amount for people, with the currency's own decimals and Western digits in both languages:
 * 'AED 1,250.00', '$45.00', '1,250.00 د.إ', 'KWD 1.235'.
 */
export function formatMoney(value: Money, language: MoneyLanguage = 'en'): string {
  const { decimals, symbol } = currencyInfo(value.currency);
  const text = numberFormat(language, decimals).format(toDecimal(value));
  const sign = symbol[language];
  if (language === 'ar') return `${text} ${sign}`;
  return sign === '$' ? `$${text}` : `${sign} ${text}`;
}

/** A professional's profile rate is in dirhams, as the specification's profile and search give it. */
export const HOURLY_RATE_CURRENCY = 'AED' satisfies CurrencyCode;

/** The platform's service fee on released escrow, in basis points (2%, spec §9). */
export const SERVICE_FEE_BASIS_POINTS = 200;
export const serviceFeeOf = (released: Money): Money => shareOf(released, SERVICE_FEE_BASIS_POINTS, 'half_up');

export const FEATURED_FEE_MINIMUM_AED = 5;
export const FEATURED_DAYS = 7;

/**
 * The 5 AED minimum in another currency, rounded to an amount people would quote there: whole units
 * where 5 AED is worth more than one (SAR 5, QAR 5, USD 1), tenths where it is worth less (KWD 0.4,
 * OMR 0.5, BHD 0.5), never a converted 5.106 or 0.419 (decision 11).
 */
export function featuredFeeMinimum(code: CurrencyCode): Money {
  const { decimals } = currencyInfo(code);
  const converted = convertAmount(FEATURED_FEE_MINIMUM_AED, 'AED', code);
  // Whole units, or tenths below one unit, expressed in minor units.
  const stepMinor = converted >= 1 ? 10 ** decimals : 10 ** (decimals - 1);
  const steps = Math.max(1, Math.round((converted * 10 ** decimals) / stepMinor));
  return money(steps * stepMinor, code);
}

/** 1% of the average of the minimum and maximum budget, rounded up to the minor unit, at least the local minimum. */
export function featuredFee(budgetMin: Money, budgetMax: Money): Money {
  requireSameCurrency(budgetMin, budgetMax);
  // 1% of (min + max) / 2 is (min + max) / 200: one integer division, rounded up.
  const total = BigInt(budgetMin.minor) + BigInt(budgetMax.minor);
  const fee = money(Number((total + 199n) / 200n), budgetMin.currency);
  const minimum = featuredFeeMinimum(budgetMin.currency);
  return fee.minor > minimum.minor ? fee : minimum;
}

/** `parseMoney` for an amount a schema has already checked (`hasCurrencyDecimals`); a programming error otherwise. */
export function moneyFromDecimal(amount: number | string, currency: CurrencyCode): Money {
  const parsed = parseMoney(amount, currency);
  if (typeof parsed === 'string') throw new RangeError(`${amount} ${currency} is not a valid amount (${parsed})`);
  return parsed;
}

/** True when the amount has no more decimals than the currency's minor unit allows. */
export const hasCurrencyDecimals = (amount: number, currency: CurrencyCode): boolean =>
  parseMoney(amount, currency) !== 'too_many_decimals';

/** A profile rate as typed (dirhams, a number) in the fils it is stored in, and back; null stays null. */
export const hourlyRateToMinor = (rate: number | null): number | null =>
  rate === null ? null : moneyFromDecimal(rate, HOURLY_RATE_CURRENCY).minor;
export const hourlyRateFromMinor = (minor: number | null): number | null =>
  minor === null ? null : toDecimal(money(minor, HOURLY_RATE_CURRENCY));
