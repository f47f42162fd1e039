import { chargeForSeconds, MAX_ENTRY_SECONDS, money, type CurrencyCode } from '@mihna/shared';
import type { TimeEntryRow } from './time.repository.ts';

/** What `seconds` come to at an entry's hourly rate, in its currency's minor units. */
export const amountFor = (rate: { rateMinor: number; currency: string }, seconds: number) =>
  chargeForSeconds(money(rate.rateMinor, rate.currency as CurrencyCode), seconds).minor;

/**
 * How an entry ends when stopped at `now`: to the second, cut off at MAX_ENTRY_SECONDS, and never
 * after its contract ended (`endedBy`).
 */
export function endingAt(row: TimeEntryRow, now: Date, endedBy: Date | null) {
  const end = endedBy && endedBy < now ? endedBy : now;
  const elapsed = Math.max(0, Math.floor((end.getTime() - row.startedAt.getTime()) / 1000));
  const seconds = Math.min(elapsed, MAX_ENTRY_SECONDS);
  return {
    endedAt: new Date(row.startedAt.getTime() + seconds * 1000),
    seconds,
    amountMinor: amountFor(row, seconds),
    capped: elapsed > MAX_ENTRY_SECONDS,
  };
}
