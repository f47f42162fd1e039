import { gulfDateOf, gulfWeekOf, MAX_ENTRY_SECONDS, subjectAnchors, weekEndOf, type TimeEntry } from '@mihna/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { decimalsOf, formatAmount, formatDate, languageOf } from '../../../lib/format.ts';
import { useTimeEntries } from '../api/time.ts';
import { clockText, useElapsedSeconds } from './use-elapsed.ts';

interface Week {
  monday: string;
  entries: TimeEntry[];
  /** The finished entries' seconds. */
  seconds: number;
  /** The entry whose timer is running, if the week has it: its time is counted as it runs. */
  running?: TimeEntry;
  /** What the week's finished entries come to, per currency, in minor units (added as integers). */
  amounts: Map<string, number>;
}

const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** decimalsOf(currency));

/** Entries (newest first) in their Gulf weeks, Monday to Sunday, with each week's totals. */
export function groupByWeek(entries: readonly TimeEntry[]): Week[] {
  const weeks = new Map<string, Week>();
  for (const entry of entries) {
    const monday = gulfWeekOf(entry.start_time);
    let week = weeks.get(monday);
    if (!week) weeks.set(monday, (week = { monday, entries: [], seconds: 0, amounts: new Map() }));
    week.entries.push(entry);
    if (entry.seconds === null) week.running = entry;
    week.seconds += entry.seconds ?? 0;
    if (entry.amount !== null)
      week.amounts.set(entry.currency, (week.amounts.get(entry.currency) ?? 0) + toMinor(entry.amount, entry.currency));
  }
  return [...weeks.values()];
}

/**
 * Recorded time, a page at a time: the professional's own, or one job's (`jobId`) for either party,
 * each week with what `weekPanel` puts under its heading (the job's timesheet).
 */
export function TimeEntries({ jobId, weekPanel }: { jobId?: string; weekPanel?: (monday: string) => ReactNode }) {
  const { t } = useTranslation('time');
  const entries = useTimeEntries(jobId);
  if (entries.isPending) return <Spinner label={t('loading')} />;
  if (entries.isError) return <Alert tone="error">{t('failed')}</Alert>;
  return (
    <>
      <Weeks entries={entries.data.pages.flatMap((page) => page.entries)} weekPanel={weekPanel} showsJob={!jobId} />
      <LoadMore pages={entries} label={t('load_more')} loadingLabel={t('loading_more')} />
    </>
  );
}

/** The entries week by week (§2 Time tracker: the real recent entries, not a placeholder). */
function Weeks({
  entries,
  weekPanel,
  showsJob,
}: {
  entries: readonly TimeEntry[];
  weekPanel?: (monday: string) => ReactNode;
  /** Each entry names its project (not when the list is one project's). */
  showsJob: boolean;
}) {
  const { t, i18n } = useTranslation('time');
  const language = languageOf(i18n.language);
  if (entries.length === 0)
    return <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">{t('no_entries')}</p>;
  return (
    <div className="space-y-5">
      {groupByWeek(entries).map((week) => (
        <section
          key={week.monday}
          // A week under its timesheet is what a timesheet's notice leads to.
          id={weekPanel ? subjectAnchors.timesheet(week.monday) : undefined}
          className="scroll-mt-20 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          aria-label={t('week', weekRange(week.monday, language))}
        >
          <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:px-5">
            <h3 className="font-semibold text-slate-900">{t('week', weekRange(week.monday, language))}</h3>
            <p className="text-sm text-slate-700">
              {week.running ? (
                <RunningClock since={week.running.start_time} before={week.seconds} className="font-mono tabular-nums" />
              ) : (
                <span dir="ltr" className="font-mono tabular-nums">
                  {clockText(week.seconds)}
                </span>
              )}
              {[...week.amounts].map(([currency, amount]) => (
                <span key={currency} className="ms-3 font-semibold">
                  {formatAmount(amount / 10 ** decimalsOf(currency), currency, language)}
                </span>
              ))}
            </p>
          </header>
          {weekPanel?.(week.monday)}
          <ul className="divide-y divide-slate-100">
            {week.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4 sm:px-5">
                <span className="text-sm text-slate-600">{formatDate(gulfDateOf(entry.start_time), language)}</span>
                <div className="min-w-0">
                  {/* Its own direction, so an English task in an Arabic list is cut at its end, not its start. */}
                  <p dir="auto" className="truncate font-medium text-slate-900 rtl:text-right">
                    {entry.description}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    {showsJob && (
                      <span dir="auto" className="min-w-0 truncate">
                        {entry.job_title}
                      </span>
                    )}
                    {entry.source === 'manual' && <Badge tone="neutral">{t('manual')}</Badge>}
                    {entry.capped && <Badge tone="warning">{t('capped')}</Badge>}
                    {entry.review_status === 'approved' && <Badge tone="positive">{t('entry_approved')}</Badge>}
                    {entry.review_status === 'disputed' && <Badge tone="danger">{t('entry_disputed')}</Badge>}
                  </p>
                  {entry.review_note && (
                    <p className="mt-1 text-sm text-red-800">
                      {t('dispute_note')} <bdi>{entry.review_note}</bdi>
                    </p>
                  )}
                </div>
                <p className="text-sm sm:text-end">
                  {entry.seconds === null ? (
                    <span className="inline-flex items-center gap-2 font-medium text-emerald-700">
                      <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
                      {t('running')}
                      <RunningClock since={entry.start_time} isTimer className="font-mono tabular-nums text-slate-900" />
                    </span>
                  ) : (
                    <>
                      <span dir="ltr" className="font-mono tabular-nums text-slate-900">
                        {clockText(entry.seconds)}
                      </span>
                      {entry.amount !== null && (
                        <span className="ms-3 text-slate-700">{formatAmount(entry.amount, entry.currency, language)}</span>
                      )}
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * hh:mm:ss of a running timer, ticking as the timer card's does. `before`: time already counted with it
 * (a week's finished entries); `isTimer`: the entry's own clock, which assistive technology names.
 */
function RunningClock({
  since,
  before = 0,
  isTimer = false,
  className,
}: {
  since: string;
  before?: number;
  isTimer?: boolean;
  className: string;
}) {
  const { t } = useTranslation('time');
  // The server ends a timer at its limit: the clock stops there too.
  const seconds = Math.min(useElapsedSeconds(since), MAX_ENTRY_SECONDS);
  return (
    <span dir="ltr" className={className} {...(isTimer ? { role: 'timer', 'aria-label': t('clock_label') } : {})}>
      {clockText(before + seconds)}
    </span>
  );
}

export const weekRange = (monday: string, language: 'en' | 'ar') => ({
  start: formatDate(monday, language),
  end: formatDate(weekEndOf(monday), language),
});
