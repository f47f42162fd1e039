import { describe, expect, it } from 'vitest';
import {
  addMoney,
  featuredFee,
  featuredFeeMinimum,
  formatMoney,
  money,
  parseMoney,
  serviceFeeOf,
  shareOf,
  chargeForSeconds,
  subtractMoney,
  toDecimal,
  toDecimalText,
} from './money.ts';

describe('parseMoney', () => {
  it('reads decimals as text, exactly, in the currency minor unit', () => {
    expect(parseMoney(10.5, 'AED')).toEqual(money(1050, 'AED'));
    expect(parseMoney('0.1', 'AED')).toEqual(money(10, 'AED'));
    expect(parseMoney(0.07, 'AED')).toEqual(money(7, 'AED'));
    expect(parseMoney(1.005, 'KWD')).toEqual(money(1005, 'KWD'));
    expect(parseMoney('12.340', 'AED')).toEqual(money(1234, 'AED'));
    expect(parseMoney(-3, 'SAR')).toEqual(money(-300, 'SAR'));
  });

  it('refuses more decimals than the currency has instead of rounding them away', () => {
    expect(parseMoney(0.005, 'AED')).toBe('too_many_decimals');
    expect(parseMoney(1.0005, 'KWD')).toBe('too_many_decimals');
    expect(parseMoney(1e-7, 'AED')).toBe('too_many_decimals');
  });

  it('refuses what is not a plain number, and amounts past a billion', () => {
    expect(parseMoney('abc', 'AED')).toBe('not_a_number');
    expect(parseMoney('1,000', 'AED')).toBe('not_a_number');
    expect(parseMoney(Number.NaN, 'AED')).toBe('not_a_number');
    expect(parseMoney(Number.POSITIVE_INFINITY, 'AED')).toBe('not_a_number');
    expect(parseMoney(1e21, 'AED')).toBe('too_large');
    expect(parseMoney(1_000_000_001, 'BHD')).toBe('too_large');
    expect(parseMoney(1_000_000_000, 'BHD')).toEqual(money(1_000_000_000_000, 'BHD'));
  });
});

describe('money arithmetic', () => {
  it('adds and subtracts in one currency only', () => {
    expect(addMoney(money(10, 'AED'), money(20, 'AED'))).toEqual(money(30, 'AED'));
    expect(subtractMoney(money(10, 'AED'), money(20, 'AED'))).toEqual(money(-10, 'AED'));
    expect(() => addMoney(money(10, 'AED'), money(20, 'SAR'))).toThrow(/AED with SAR/);
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => money(1.5, 'AED')).toThrow(RangeError);
  });

  it('takes shares in integers with the chosen rounding', () => {
    expect(shareOf(money(12_345, 'AED'), 200)).toEqual(money(247, 'AED'));
    expect(shareOf(money(12_345, 'AED'), 200, 'down')).toEqual(money(246, 'AED'));
    expect(shareOf(money(25, 'AED'), 200, 'half_up')).toEqual(money(1, 'AED'));
    expect(shareOf(money(24, 'AED'), 200, 'half_up')).toEqual(money(0, 'AED'));
    expect(shareOf(money(1, 'AED'), 1, 'up')).toEqual(money(1, 'AED'));
    expect(serviceFeeOf(money(500_000, 'KWD'))).toEqual(money(10_000, 'KWD'));
  });

  it('charges time to the second at an hourly rate, to the nearest minor unit', () => {
    // AED 150.00 an hour: 1 h 30 min is AED 225.00; 1 second is 4.17 fils, so 4 fils.
    expect(chargeForSeconds(money(15_000, 'AED'), 5_400)).toEqual(money(22_500, 'AED'));
    expect(chargeForSeconds(money(15_000, 'AED'), 1)).toEqual(money(4, 'AED'));
    // KWD 12.345 an hour for 12 hours (the longest entry), in fils of a thousandth.
    expect(chargeForSeconds(money(12_345, 'KWD'), 43_200)).toEqual(money(148_140, 'KWD'));
    // Half a minor unit rounds up: 18 seconds at 100 an hour is 0.5.
    expect(chargeForSeconds(money(100, 'AED'), 18)).toEqual(money(1, 'AED'));
    expect(chargeForSeconds(money(100, 'AED'), 17)).toEqual(money(0, 'AED'));
  });

  it('prints decimals exactly for the API', () => {
    expect(toDecimal(money(1050, 'AED'))).toBe(10.5);
    expect(toDecimal(money(1235, 'KWD'))).toBe(1.235);
    expect(toDecimalText(money(5, 'BHD'))).toBe('0.005');
    expect(toDecimalText(money(-1050, 'AED'))).toBe('-10.50');
  });

  it('formats with the currency decimals and Western digits in both languages', () => {
    expect(formatMoney(money(125_000, 'AED'), 'en')).toBe('AED 1,250.00');
    expect(formatMoney(money(125_000, 'AED'), 'ar')).toBe('1,250.00 د.إ');
    expect(formatMoney(money(1235, 'KWD'), 'en')).toBe('KWD 1.235');
    expect(formatMoney(money(4500, 'USD'), 'en')).toBe('$45.00');
  });
});

describe('the featured fee', () => {
  it('quotes the 5 AED minimum as a round local amount', () => {
    expect(featuredFeeMinimum('AED')).toEqual(money(500, 'AED'));
    expect(featuredFeeMinimum('SAR')).toEqual(money(500, 'SAR'));
    expect(featuredFeeMinimum('QAR')).toEqual(money(500, 'QAR'));
    expect(featuredFeeMinimum('USD')).toEqual(money(100, 'USD'));
    expect(featuredFeeMinimum('KWD')).toEqual(money(400, 'KWD'));
    expect(featuredFeeMinimum('OMR')).toEqual(money(500, 'OMR'));
    expect(featuredFeeMinimum('BHD')).toEqual(money(500, 'BHD'));
  });

  it('is 1% of the average budget above the minimum, rounded up to the minor unit', () => {
    expect(featuredFee(money(1_000_000, 'AED'), money(3_000_000, 'AED'))).toEqual(money(20_000, 'AED'));
    expect(featuredFee(money(1000, 'SAR'), money(2000, 'SAR'))).toEqual(money(500, 'SAR'));
    expect(featuredFee(money(100_125, 'KWD'), money(300_000, 'KWD'))).toEqual(money(2001, 'KWD'));
  });
});
