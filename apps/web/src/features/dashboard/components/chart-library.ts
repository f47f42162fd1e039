import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import type { Bar } from './bar-chart.tsx';

// Only what a bar chart needs, so the dashboard's chart chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The theme's primary colour, as the stylesheet defines it. */
const primary = () => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || '#1d4ed8';

interface Layout {
  isRtl: boolean;
  horizontal: boolean;
}

/** Draws `bars` on the canvas. */
export const drawBars = (canvas: HTMLCanvasElement, bars: Bar[], layout: Layout) =>
  new Chart(canvas, barChartConfig(bars, layout, primary()));

/** The chart of `bars`: right to left, the categories run from the right and the values' axis stands on the right. */
export function barChartConfig(bars: Bar[], { isRtl, horizontal }: Layout, colour: string): ChartConfiguration<'bar'> {
  // The categories' axis: along the bottom (months), or down the start side (long project titles).
  const categories = {
    grid: { display: false },
    ticks: {
      autoSkip: !horizontal,
      maxRotation: 0,
      // A long title is cut on the axis; the tooltip and the table give it whole.
      callback(this: { getLabelForValue: (value: number) => string }, value: string | number) {
        const label = this.getLabelForValue(Number(value));
        const room = horizontal ? 22 : 14;
        return label.length > room ? `${label.slice(0, room - 1)}…` : label;
      },
    },
  };
  const values = { beginAtZero: true, ticks: { precision: 0 } };
  return {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [{ data: bars.map((bar) => bar.value), backgroundColor: colour, borderRadius: 4, maxBarThickness: 36 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale: isRtl ? 'ar-u-nu-latn' : 'en',
      indexAxis: horizontal ? 'y' : 'x',
      // Right to left, the categories start on the right and the values grow towards the left.
      scales: horizontal
        ? { y: { ...categories, position: isRtl ? 'right' : 'left' }, x: { ...values, reverse: isRtl } }
        : { x: { ...categories, reverse: isRtl }, y: { ...values, position: isRtl ? 'right' : 'left' } },
      plugins: {
        legend: { display: false },
        tooltip: {
          rtl: isRtl,
          textDirection: isRtl ? 'rtl' : 'ltr',
          callbacks: { label: (item) => bars[item.dataIndex]?.text ?? '' },
        },
      },
    },
  };
}
