import type { LucideIcon } from 'lucide-react';

export interface Stat {
  label: string;
  value: string;
  icon: LucideIcon;
  /** Other currencies' totals, under the headline one. */
  note?: string;
}

/** Five figures take one row of five on a wide screen (on a phone the fifth spans its row); fewer, rows of four. */
const wideColumns = (count: number) => (count === 5 ? 'sm:grid-cols-3 lg:grid-cols-5 max-sm:[&>:last-child]:col-span-2' : 'lg:grid-cols-4');

/** The dashboard's figure cards, two to a row on phones. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${wideColumns(stats.length)}`}>
      {stats.map(({ label, value, icon: Icon, note }) => (
        <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Icon className="size-4 shrink-0 text-primary-strong" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-2 text-xl font-bold break-words text-slate-950 tabular-nums sm:text-2xl">{value}</dd>
          {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
