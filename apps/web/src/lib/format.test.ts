import { describe, expect, it } from 'vitest';
import { currencyName, formatAmount, formatBudgetRange, formatDate, formatDollars, formatNumber, takeFirst } from './format.ts';

describe('formatBudgetRange', () => {
  it('shows a range without decimals in the job currency', () => {
    expect(formatBudgetRange(5000, 10000, 'AED', 'en')).toBe('AED 5,000 - 10,000');
    expect(formatBudgetRange(1234.56, 2500.4, 'SAR', 'en')).toBe('SAR 1,235 - 2,500');
    expect(formatBudgetRange(150.125, 900.75, 'KWD', 'en')).toBe('KWD 150 - 901');
  });

  it('puts the dollar sign before the numbers and shows one amount when both ends agree', () => {
    expect(formatBudgetRange(1361.4, 2722.9, 'USD', 'en')).toBe('$1,361 - 2,723');
    expect(formatBudgetRange(500, 500, 'QAR', 'en')).toBe('QAR 500');
  });

  it('writes Western digits and the Arabic currency sign after the amount in Arabic', () => {
    expect(formatBudgetRange(5000, 10000, 'AED', 'ar')).toBe('5,000 - 10,000 د.إ');
    expect(formatBudgetRange(5000, 10000, 'OMR', 'ar')).toBe('5,000 - 10,000 ر.ع.');
    expect(formatBudgetRange(1361, 2723, 'USD', 'ar')).toBe('1,361 - 2,723 $');
  });
});

describe('formatAmount and formatDollars', () => {
  it('keeps the currency decimals: two for the dirham, three for the dinars', () => {
    expect(formatAmount(37.5, 'AED', 'en')).toBe('AED 37.50');
    expect(formatAmount(1.5355, 'KWD', 'en')).toBe('KWD 1.536');
    expect(formatAmount(5, 'BHD', 'en')).toBe('BHD 5.000');
  });

  it('shows a rate in dollars with cents only when it has some', () => {
    expect(formatDollars(45, 'en')).toBe('$45');
    expect(formatDollars(45.5, 'en')).toBe('$45.50');
  });
});

describe('currencyName', () => {
  it('names the currency in full in the reader language', () => {
    expect(currencyName('AED', 'en')).toBe('UAE Dirham');
    expect(currencyName('KWD', 'ar')).toBe('دينار كويتي');
    expect(currencyName('XYZ', 'en')).toBe('XYZ');
  });
});

describe('takeFirst', () => {
  it('shows the first five skills and counts the rest for "+N more"', () => {
    expect(takeFirst(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 5)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], hiddenCount: 2 });
  });

  it('hides nothing when there are five or fewer', () => {
    expect(takeFirst(['a', 'b', 'c', 'd', 'e'], 5)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], hiddenCount: 0 });
    expect(takeFirst([], 5)).toEqual({ shown: [], hiddenCount: 0 });
  });

  it('shows the first items and counts the rest', () => {
    expect(takeFirst(['a', 'b', 'c', 'd', 'e', 'f'], 4)).toEqual({ shown: ['a', 'b', 'c', 'd'], hiddenCount: 2 });
    expect(takeFirst(['a', 'b'], 4)).toEqual({ shown: ['a', 'b'], hiddenCount: 0 });
  });
});

describe('formatNumber', () => {
  it('writes exactly the digits asked for, or up to them without trailing zeros', () => {
    expect(formatNumber(4.56, 'en', { fractionDigits: 1 })).toBe('4.6');
    expect(formatNumber(1234.5, 'ar')).toBe('1,235');
    expect(formatNumber(37.5, 'en', { fractionDigits: { upTo: 2 } })).toBe('37.5');
    expect(formatNumber(150, 'en', { fractionDigits: { upTo: 3 }, country: 'AE' })).toBe('150');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that day wherever the reader is', () => {
    expect(formatDate('2025-03-01', 'en')).toBe('Mar 1, 2025');
  });

  it('formats timestamps and leaves unreadable text as it is', () => {
    expect(formatDate('2025-03-01T12:00:00.000Z', 'en')).toMatch(/2025/);
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('names the month in Arabic too, and follows the UAE medium style where a screen asks for it', () => {
    expect(formatDate('2025-03-01', 'ar')).toBe('1 مارس 2025');
    expect(formatDate('2025-03-01', 'en', { country: 'AE', dateStyle: 'medium' })).toBe('1 Mar 2025');
    expect(formatDate('2025-03-01', 'ar', { country: 'AE', dateStyle: 'medium' })).toBe('01\u200f/03\u200f/2025');
  });
});
