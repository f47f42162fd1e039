import type { Pagination } from '@mihna/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatNumber, languageOf } from '../../../lib/format.ts';

/** Admin spec §2, §9: up to 5 page buttons around the current page, kept inside the first and last pages. */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, Math.max(totalPages, 1));
  const first = Math.min(Math.max(1, current - Math.floor(size / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}

/** The console's pager: previous, the page window, next; and which rows are shown of how many. */
export function Pager({ pagination, onSkip }: { pagination: Pagination; onSkip: (skip: number) => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const { current_page: current, total_pages: totalPages, limit, total } = pagination;
  const from = total === 0 ? 0 : pagination.skip + 1;
  const to = Math.min(pagination.skip + limit, total);
  const go = (page: number) => onSkip((page - 1) * limit);
  const button = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium ring-1 ring-inset';
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-slate-600 tabular-nums">
        {t('common.showing', {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatNumber(total, language),
        })}
      </p>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            className={clsx(button, 'text-slate-700 ring-slate-300 hover:bg-slate-50 disabled:opacity-40')}
            onClick={() => go(current - 1)}
            disabled={!pagination.has_prev}
            aria-label={t('pager.previous')}
          >
            <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          </button>
        </li>
        {pageWindow(current, totalPages).map((page) => (
          <li key={page}>
            <button
              type="button"
              className={clsx(
                button,
                page === current ? 'bg-primary-strong text-white ring-primary-strong' : 'text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
              onClick={() => go(page)}
              aria-current={page === current ? 'page' : undefined}
              aria-label={t('pager.page', { page: formatNumber(page, language) })}
            >
              {formatNumber(page, language)}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={clsx(button, 'text-slate-700 ring-slate-300 hover:bg-slate-50 disabled:opacity-40')}
            onClick={() => go(current + 1)}
            disabled={!pagination.has_next}
            aria-label={t('pager.next')}
          >
            <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
