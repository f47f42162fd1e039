import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/index.ts';

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader reads it ('AED 1,470.00'). */
  text: string;
}

/**
 * A bar chart drawn by Chart.js, loaded with the first chart on the page (never with the public pages).
 * Right to left, the first bar is on the right and the values' axis too; the tooltip reads right to
 * left. The chart is a picture to screen readers, which read the table beside it instead.
 */
export function BarChart({
  title,
  bars,
  labelTitle,
  valueTitle,
  horizontal = false,
  emptyText,
}: {
  title: string;
  bars: Bar[];
  labelTitle: string;
  valueTitle: string;
  /** Bars across, for long labels (project titles). */
  horizontal?: boolean;
  /** Said instead of an empty chart when every bar is zero. */
  emptyText?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const canvas = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  const isRtl = i18n.language === 'ar';
  // Drawn again only when what it shows changes, not at every render of the page.
  const drawn = JSON.stringify(bars);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let chart: { destroy: () => void } | undefined;
    let isCancelled = false;
    void import('./chart-library.ts').then(({ drawBars }) => {
      if (!isCancelled) chart = drawBars(element, JSON.parse(drawn) as Bar[], { isRtl, horizontal });
    });
    return () => {
      isCancelled = true;
      chart?.destroy();
    };
  }, [drawn, isRtl, horizontal]);

  if (emptyText && bars.every((bar) => bar.value === 0)) {
    return (
      <figure className="space-y-3" aria-labelledby={captionId}>
        <figcaption id={captionId} className="font-semibold text-slate-900">
          {title}
        </figcaption>
        <p className="text-sm text-slate-600">{emptyText}</p>
      </figure>
    );
  }
  return (
    <figure className="space-y-3" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <div className="relative h-56 sm:h-64">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <details className="text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-primary-strong">{t('dashboard.chart_table')}</summary>
        <table className="mt-2 w-full text-start">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 text-start font-medium">
                {labelTitle}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {valueTitle}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, index) => (
              <tr key={index} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-start font-normal">
                  <bdi>{bar.label}</bdi>
                </th>
                <td className="py-1 text-end tabular-nums">{bar.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
