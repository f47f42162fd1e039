import { describe, expect, it } from 'vitest';
import { extractCode, readNumber } from './numbers.ts';

describe('readNumber', () => {
  it('reads Arabic-Indic and Eastern Arabic-Indic digits, the Arabic decimal separator and grouped thousands', () => {
    expect(readNumber('١٥٠')).toBe(150);
    expect(readNumber('۱۲')).toBe(12);
    expect(readNumber('١٥٠٫٥')).toBe(150.5);
    expect(readNumber('١٬٥٠٠')).toBe(1500);
    expect(readNumber('12,345.50')).toBe(12345.5);
    expect(readNumber(' 200 ')).toBe(200);
    expect(readNumber(42)).toBe(42);
  });

  it('answers absent for empty text and NaN for what is not a number', () => {
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('   ')).toBeUndefined();
    expect(readNumber(null)).toBeUndefined();
    expect(readNumber('1,5')).toBeNaN();
    expect(readNumber('12abc')).toBeNaN();
    expect(readNumber('1e5')).toBeNaN();
  });
});

describe('extractCode', () => {
  it('finds the six digits of a pasted code', () => {
    expect(extractCode('396 384')).toBe('396384');
    expect(extractCode('Code: 396384')).toBe('396384');
    expect(extractCode('396-384')).toBe('396384');
    expect(extractCode('٣٩٦٣٨٤')).toBe('396384');
    expect(extractCode('Your Mihna login code is 396384. It expires in 10 minutes.')).toBe('396384');
  });

  it('keeps what is typed so far, digits only, at most six', () => {
    expect(extractCode('39')).toBe('39');
    expect(extractCode('39a6')).toBe('396');
    expect(extractCode('12345678')).toBe('123456');
  });
});
