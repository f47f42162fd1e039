import type { Pagination } from '@mihna/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { LoadState } from './console-ui.tsx';
import { Pager } from './pager.tsx';

/** A table's cells. */
const headCell = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase';
const bodyCell = 'px-3 py-3 align-top text-sm text-slate-800';

/**
 * How a table sits in its panel. A directory (a tab's list of users, projects, entries) scrolls
 * sideways within the panel on a tablet or phone rather than squeeze its columns; its box is the
 * table's positioning box, so a visually hidden header (positioned absolutely) is clipped with the
 * rest instead of widening the page past the screen. An inset table (in a card, a dialog) is as wide
 * as its content, and scrolls too when that is wider than the card.
 */
const layouts = {
  directory: { box: 'relative -mx-4 overflow-x-auto sm:mx-0', table: 'w-full min-w-[52rem] divide-y divide-slate-200' },
  inset: { box: 'relative overflow-x-auto', table: 'min-w-full divide-y divide-slate-200' },
} as const;

/** One column of a console table. */
export interface Column<Row> {
  /** The heading's text key in the console's texts (admin). */
  header: string;
  /** Said to screen readers only (an actions column, whose buttons name themselves). */
  isHeaderHidden?: boolean;
  /** What the column shows of a row. */
  cell: (row: Row) => ReactNode;
  /** Added to the cell's class: its width, wrapping, figures' alignment. */
  className?: string;
  /** The cell's writing direction: `auto` for what people wrote, `ltr` for addresses and codes. */
  dir?: 'auto' | 'ltr';
  /** The cell's tooltip, for a value the cell shortens. */
  title?: (row: Row) => string | undefined;
  /** The cell names its row (a `th scope="row"`), as a currency names its figures. */
  isRowHeader?: boolean;
}

/** A list the tab loads: while it has no rows yet, its loading or its failure (with Retry) is shown. */
interface Loading {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The console's table: a heading per column, a row per item, each cell as its column draws it. Before
 * the rows arrive it shows the list's loading (when given), with no rows its empty text, and under
 * the rows the pager when the list is paged.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  layout = 'directory',
  className,
  load,
  empty,
  emptyClassName = 'py-10 text-center text-sm text-slate-600',
  pagination,
  onSkip,
}: {
  columns: readonly Column<Row>[];
  /** Undefined until loaded. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  layout?: keyof typeof layouts;
  /** Added to the table's box (its margin in the panel). */
  className?: string;
  load?: Loading;
  /** What is said when there are no rows. */
  empty?: ReactNode;
  emptyClassName?: string;
  pagination?: Pagination;
  onSkip?: (skip: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (!rows) return load ? <LoadState isPending={load.isPending} error={load.error} onRetry={() => void load.refetch()} /> : null;
  if (rows.length === 0) return empty === undefined ? null : <p className={emptyClassName}>{empty}</p>;
  return (
    <>
      <div className={clsx(layouts[layout].box, className)}>
        <table className={layouts[layout].table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={headCell}>
                  {column.isHeaderHidden ? <span className="sr-only">{t(column.header)}</span> : t(column.header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => {
                  const Cell = column.isRowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.header}
                      scope={column.isRowHeader ? 'row' : undefined}
                      className={clsx(bodyCell, column.className)}
                      dir={column.dir}
                      title={column.title?.(row)}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && onSkip ? <Pager pagination={pagination} onSkip={onSkip} /> : null}
    </>
  );
}
