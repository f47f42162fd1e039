import { money, type CurrencyCode, type Money } from '@mihna/shared';

/**
 * The money tables keep an amount in two columns, `amount_minor` and its `currency`; the code past the
 * repositories carries it as Money. These two are the crossing, each way.
 */
export const amountOf = (row: { amountMinor: number; currency: string }): Money => money(row.amountMinor, row.currency as CurrencyCode);

export const storedAmount = (amount: Money) => ({ amountMinor: amount.minor, currency: amount.currency });
