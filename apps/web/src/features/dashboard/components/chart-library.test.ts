import { describe, expect, it } from 'vitest';
import { barChartConfig } from './chart-library.ts';

const months = [
  { label: 'Oct 2026', value: 470, text: 'AED 470.00' },
  { label: 'Nov 2026', value: 1000, text: 'AED 1,000.00' },
];

describe('barChartConfig', () => {
  it('runs months from the left with the values on the left in English', () => {
    const { options } = barChartConfig(months, { isRtl: false, horizontal: false }, '#000');
    expect(options?.indexAxis).toBe('x');
    expect(options?.scales?.x).toMatchObject({ reverse: false });
    expect(options?.scales?.y).toMatchObject({ position: 'left', beginAtZero: true });
    expect(options?.plugins?.tooltip).toMatchObject({ rtl: false, textDirection: 'ltr' });
  });

  it('mirrors the chart in Arabic: months run from the right, the values’ axis stands on the right, the tooltip reads right to left', () => {
    const { options } = barChartConfig(months, { isRtl: true, horizontal: false }, '#000');
    expect(options?.scales?.x).toMatchObject({ reverse: true });
    expect(options?.scales?.y).toMatchObject({ position: 'right' });
    expect(options?.plugins?.tooltip).toMatchObject({ rtl: true, textDirection: 'rtl' });
    // Western digits inside Arabic text, as the rest of the site writes numbers.
    expect(options?.locale).toBe('ar-u-nu-latn');
  });

  it('puts long project titles down the start side and grows the bars towards the end, mirrored in Arabic', () => {
    const english = barChartConfig(months, { isRtl: false, horizontal: true }, '#000').options;
    expect(english?.indexAxis).toBe('y');
    expect(english?.scales?.y).toMatchObject({ position: 'left' });
    expect(english?.scales?.x).toMatchObject({ reverse: false });
    const arabic = barChartConfig(months, { isRtl: true, horizontal: true }, '#000').options;
    expect(arabic?.scales?.y).toMatchObject({ position: 'right' });
    expect(arabic?.scales?.x).toMatchObject({ reverse: true });
  });

  it('names each bar in its tooltip with its formatted amount', () => {
    const config = barChartConfig(months, { isRtl: false, horizontal: false }, '#000');
    const label = config.options?.plugins?.tooltip?.callbacks?.label as (item: { dataIndex: number }) => string;
    expect(label({ dataIndex: 1 })).toBe('AED 1,000.00');
    expect(config.data.datasets[0]?.data).toEqual([470, 1000]);
  });
});
