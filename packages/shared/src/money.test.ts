import { describe, expect, it } from 'vitest';
import { featuredFee, featuredFeeMinimum } from './money.ts';

describe('the featured fee', () => {
  it('quotes the 5 AED minimum as a round local amount', () => {
    expect(featuredFeeMinimum('AED')).toBe(5);
    expect(featuredFeeMinimum('SAR')).toBe(5);
    expect(featuredFeeMinimum('QAR')).toBe(5);
    expect(featuredFeeMinimum('USD')).toBe(1);
    expect(featuredFeeMinimum('KWD')).toBe(0.4);
    expect(featuredFeeMinimum('OMR')).toBe(0.5);
    expect(featuredFeeMinimum('BHD')).toBe(0.5);
  });

  it('is 1% of the average budget above the minimum, rounded up to the minor unit', () => {
    expect(featuredFee(10_000, 30_000, 'AED')).toBe(200);
    expect(featuredFee(10, 20, 'SAR')).toBe(5);
    expect(featuredFee(100.125, 300, 'KWD')).toBe(2.001);
  });
});
