import { timeLogStatuses, type AdminTimeLog } from '@mihna/shared';
import { Clock, FileDown, Users, Wallet, Gauge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { saveFile } from '../../../lib/download.ts';
import { formatAmount, formatClockDuration, formatDate, formatNumber, languageOf } from '../../../lib/format.ts';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { StatCards } from '../../../components/ui/stat-cards.tsx';
import { useTimeReport, useTimeTracking, type ListQuery } from '../api/admin-api.ts';
import { Filters, FilterSelect, panel, SearchField } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';

/** The file a data: link carries (read here, not fetched: the page's content policy keeps fetches to its own origin). */
export function blobOfDataLink(link: string): Blob {
  const [head = '', body = ''] = link.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(body), (character) => character.charCodeAt(0));
  return new Blob([bytes], { type });
}

const statusTone = { pending: 'warning', approved: 'positive', disputed: 'danger' } as const;

/** The list's filters, without its paging: what the PDF report is made of. */
const filtersOf = ({ skip: _skip, limit: _limit, sort_by: _sortBy, sort_order: _sortOrder, ...filters }: ListQuery) =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));

/**
 * Admin spec §2 Time tracking: the summary cards, the filters (start and end date, industry, project
 * type, status, search), the entries 20 to a page, and Generate PDF Report, which makes the report of
 * the current filters and downloads it, saying how many entries it holds.
 */
export function TimeTrackingTab() {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const options = useReferenceOptions();
  const translate = useValidationMessage();
  const [query, setQuery] = useState<ListQuery>({ skip: 0, limit: 20, sort_by: 'date', sort_order: 'desc' });
  const logs = useTimeTracking(query);
  const report = useTimeReport();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const filter = (changes: ListQuery) => setQuery((before) => ({ ...before, ...changes, skip: 0 }));
  const data = logs.data;
  const columns: Column<AdminTimeLog>[] = [
    { header: 'timetracking.date', className: 'whitespace-nowrap', cell: (log) => formatDate(log.date, language) },
    { header: 'timetracking.professional', dir: 'auto', cell: (log) => log.professional_name || t('common.no_name') },
    { header: 'timetracking.project', className: 'max-w-48', dir: 'auto', cell: (log) => log.project_title || t('common.no_title') },
    { header: 'timetracking.description', className: 'max-w-64', dir: 'auto', cell: (log) => log.description },
    // To the second: its hours times the rate are its amount to the fils.
    { header: 'timetracking.hours', className: 'tabular-nums', cell: (log) => <span dir="ltr">{formatClockDuration(log.seconds)}</span> },
    {
      header: 'timetracking.rate',
      className: 'whitespace-nowrap tabular-nums',
      cell: (log) => formatAmount(log.hourly_rate, log.currency, language),
    },
    {
      header: 'timetracking.amount',
      className: 'whitespace-nowrap tabular-nums',
      cell: (log) => formatAmount(log.total_amount, log.currency, language),
    },
    { header: 'timetracking.status', cell: (log) => <Badge tone={statusTone[log.status]}>{t(`status.${log.status}`)}</Badge> },
  ];

  async function generate() {
    setNotice(undefined);
    try {
      const answer = await report.mutateAsync({ ...filtersOf(query), language });
      if (!answer.success || !answer.pdf_data) {
        const message = answer.message ? (translate(answer.message) ?? answer.message) : t('timetracking.unknown_error');
        return setNotice({ tone: 'error', text: t('timetracking.not_generated', { message }) });
      }
      saveFile(blobOfDataLink(answer.pdf_data), answer.filename || 'time_tracking_report.pdf');
      setNotice({
        tone: 'success',
        text: t('timetracking.generated', { count: answer.entries_count, n: formatNumber(answer.entries_count, language) }),
      });
    } catch {
      setNotice({ tone: 'error', text: t('timetracking.failed') });
    }
  }

  return (
    <div className="space-y-6">
      {data ? (
        <StatCards
          stats={[
            {
              label: t('timetracking.total_hours'),
              value: formatClockDuration(data.summary.total_seconds),
              note: t('timetracking.clock_hint'),
              icon: Clock,
            },
            { label: t('timetracking.total_amount'), value: formatAmount(data.summary.total_amount, 'AED', language), icon: Wallet },
            { label: t('timetracking.professionals'), value: formatNumber(data.summary.unique_professionals, language), icon: Users },
            { label: t('timetracking.average_rate'), value: formatAmount(data.summary.average_hourly_rate, 'AED', language), icon: Gauge },
          ]}
        />
      ) : null}
      <section className={panel}>
        <Filters className="lg:grid-cols-7">
          <Field label={t('timetracking.start_date')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={String(query.start_date ?? '')}
                onChange={(event) => filter({ start_date: event.target.value || undefined })}
              />
            )}
          </Field>
          <Field label={t('timetracking.end_date')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={String(query.end_date ?? '')}
                onChange={(event) => filter({ end_date: event.target.value || undefined })}
              />
            )}
          </Field>
          <FilterSelect label={t('timetracking.industry')} name="industry" query={query} options={options.industries} onFilter={filter} />
          <FilterSelect
            label={t('timetracking.project_type')}
            name="project_type"
            query={query}
            options={[
              { value: 'fixed', label: t('timetracking.fixed') },
              { value: 'hourly', label: t('timetracking.hourly') },
            ]}
            onFilter={filter}
          />
          <FilterSelect
            label={t('timetracking.status')}
            name="status"
            query={query}
            options={timeLogStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onFilter={filter}
          />
          <SearchField placeholder={t('timetracking.search_placeholder')} query={query} onFilter={filter} />
        </Filters>

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">{t('timetracking.report_hint')}</p>
          <Button onClick={() => void generate()} disabled={report.isPending} aria-busy={report.isPending}>
            {report.isPending ? (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
            ) : (
              <FileDown className="size-4" aria-hidden="true" />
            )}
            {report.isPending ? t('timetracking.generating') : t('timetracking.generate')}
          </Button>
        </div>
        {notice ? (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        ) : null}

        <div className="mt-4">
          <DataTable
            columns={columns}
            rows={data?.time_logs}
            rowKey={(log) => log.id}
            load={logs}
            empty={t('timetracking.empty')}
            pagination={data?.pagination}
            onSkip={(skip) => setQuery((before) => ({ ...before, skip }))}
          />
        </div>
      </section>
    </div>
  );
}
