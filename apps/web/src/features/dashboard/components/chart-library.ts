import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { Bar } from './bar-chart.tsx';

// Only what a bar chart needs, so the dashboard's chart chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The theme's primary colour, as the stylesheet defines it. */
const primary = () => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || '#1d4ed8';

/** Draws `bars` on the canvas; right to left, the categories run from the right and the values' axis stands on the right. */
export function drawBars(canvas: HTMLCanvasElement, bars: Bar[], { isRtl }: { isRtl: boolean }) {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [{ data: bars.map((bar) => bar.value), backgroundColor: primary(), borderRadius: 4, maxBarThickness: 36 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale: isRtl ? 'ar-u-nu-latn' : 'en',
      scales: {
        x: {
          reverse: isRtl,
          grid: { display: false },
          ticks: {
            autoSkip: true,
            maxRotation: 0,
            // A long project title is cut on the axis; the tooltip and the table give it whole.
            callback(value) {
              const label = this.getLabelForValue(Number(value));
              return label.length > 14 ? `${label.slice(0, 13)}…` : label;
            },
          },
        },
        y: { beginAtZero: true, position: isRtl ? 'right' : 'left', ticks: { precision: 0 } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          rtl: isRtl,
          textDirection: isRtl ? 'rtl' : 'ltr',
          callbacks: { label: (item) => bars[item.dataIndex]?.text ?? '' },
        },
      },
    },
  });
}
