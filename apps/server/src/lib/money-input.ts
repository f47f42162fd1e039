import { type CurrencyCode, currencyInfo, messages, type Money, parseMoney, type ServerMessage } from '@mihna/shared';
import { AppError } from './app-error.ts';

const refuse = (field: string, msg: ServerMessage) => new AppError('validation_failed', [{ loc: ['body', field], msg, type: 'amount' }]);

/**
 * An amount a schema has read as a number, in the currency it turned out to be in (a proposal's is
 * the job's): refused with the field's name when it has more decimals than the currency's minor unit.
 */
export function requireAmount(amount: number, currency: CurrencyCode, field: string): Money {
  const parsed = parseMoney(amount, currency);
  if (parsed === 'too_many_decimals') throw refuse(field, messages.tooManyDecimals(currencyInfo(currency).decimals));
  if (parsed === 'too_large') throw refuse(field, messages.max(1_000_000_000));
  if (parsed === 'not_a_number') throw refuse(field, messages.validNumber);
  return parsed;
}
