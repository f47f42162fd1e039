import { currencies } from './reference/currencies.ts';
import { findCountry } from './reference/countries.ts';
import type { CurrencyCode } from './reference/types.ts';

/** The currency a job in this country is budgeted in (AED when the country is unknown). */
export function currencyOfCountry(countryCode: string | null | undefined): CurrencyCode {
  return (countryCode && findCountry(countryCode)?.currency) || 'AED';
}

export function currencyInfo(code: CurrencyCode) {
  const currency = currencies.find((candidate) => candidate.code === code);
  if (!currency) throw new Error(`unknown currency ${code}`);
  return currency;
}

/** 12.345 KWD → 12345 (fils); 10.5 AED → 1050 (fils). Rounds half away from zero. */
export function toMinorUnits(amount: number, code: CurrencyCode): number {
  const factor = 10 ** currencyInfo(code).decimals;
  return Math.round(amount * factor);
}

export function fromMinorUnits(minor: number, code: CurrencyCode): number {
  return minor / 10 ** currencyInfo(code).decimals;
}

/** Converts through the US dollar pegs (configured rate for KWD). */
export function convertAmount(amount: number, from: CurrencyCode, to: CurrencyCode): number {
  if (from === to) return amount;
  return (amount / currencyInfo(from).perUsd) * currencyInfo(to).perUsd;
}

/** A whole number of US cents, the common scale for filtering and sorting budgets across countries. */
export function toUsdCents(amount: number, from: CurrencyCode): number {
  return Math.round(convertAmount(amount, from, 'USD') * 100);
}

export const FEATURED_FEE_RATE = 0.01;
export const FEATURED_FEE_MINIMUM_AED = 5;
export const FEATURED_DAYS = 7;

/**
 * The 5 AED minimum in another currency, rounded to an amount people would quote there: whole units
 * where 5 AED is worth more than one (SAR 5, QAR 5, USD 1), tenths where it is worth less (KWD 0.4,
 * OMR 0.5, BHD 0.5), never a converted 5.106 or 0.419 (decision 11).
 */
export function featuredFeeMinimum(code: CurrencyCode): number {
  const converted = convertAmount(FEATURED_FEE_MINIMUM_AED, 'AED', code);
  const step = converted >= 1 ? 1 : 0.1;
  return Number((Math.round(converted / step) * step).toFixed(1));
}

/** 1% of the average of the minimum and maximum budget, at least the local minimum, rounded up to the minor unit. */
export function featuredFee(budgetMin: number, budgetMax: number, code: CurrencyCode): number {
  const fee = Math.max(((budgetMin + budgetMax) / 2) * FEATURED_FEE_RATE, featuredFeeMinimum(code));
  const factor = 10 ** currencyInfo(code).decimals;
  return Math.ceil(Math.round(fee * factor * 1000) / 1000) / factor;
}
