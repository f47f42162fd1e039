import { describe, expect, it } from 'vitest';
import { invoiceNumber, splitVat, vatRateOf } from './invoices.ts';

describe('tax invoices', () => {
  it('take the VAT of the payer’s Gulf country, and the UAE’s elsewhere', () => {
    expect([vatRateOf('AE'), vatRateOf('SA'), vatRateOf('BH'), vatRateOf('OM'), vatRateOf('QA'), vatRateOf('KW')]).toEqual([
      500, 1500, 1000, 500, 0, 0,
    ]);
    expect(vatRateOf('GB')).toBe(500);
  });

  it('split a price into its net amount and the VAT inside it, always adding up', () => {
    expect(splitVat(10_500, 500)).toEqual({ netMinor: 10_000, vatMinor: 500 });
    expect(splitVat(11_500, 1500)).toEqual({ netMinor: 10_000, vatMinor: 1_500 });
    expect(splitVat(750, 0)).toEqual({ netMinor: 750, vatMinor: 0 });
    // AED 7.50 at 5%: 714.28… rounds to 714 fils net, 36 fils of VAT.
    expect(splitVat(750, 500)).toEqual({ netMinor: 714, vatMinor: 36 });
    for (let total = 1; total < 3_000; total += 7)
      for (const rate of [500, 1000, 1500]) {
        const { netMinor, vatMinor } = splitVat(total, rate);
        expect(netMinor + vatMinor).toBe(total);
        expect(Math.abs(netMinor * (10_000 + rate) - total * 10_000)).toBeLessThanOrEqual((10_000 + rate) / 2);
      }
  });

  it('are numbered per year with six digits', () => {
    expect(invoiceNumber(2026, 42)).toBe('MIH-2026-000042');
  });
});
