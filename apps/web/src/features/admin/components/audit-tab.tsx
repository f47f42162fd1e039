import { auditTargetTypes, type AuditLogEntry } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDateTime, languageOf } from '../../../lib/format.ts';
import { useAuditLog, type ListQuery } from '../api/admin-api.ts';
import { Filters, FilterSelect, panel, SearchField } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';

/** A recorded state, as its fields read: one per line. */
const describe = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>)
        .map(([key, item]) => `${key}: ${typeof item === 'string' ? item : JSON.stringify(item)}`)
        .join('\n')
    : '';

/**
 * Beyond the spec, the audit log: every admin action, newest first (who, what, to what, why, before
 * and after, when, from which address), by kind of target or a word; it can be read, never changed.
 */
export function AuditTab() {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const [query, setQuery] = useState<ListQuery>({ skip: 0, limit: 20 });
  const log = useAuditLog(query);
  const filter = (changes: ListQuery) => setQuery((before) => ({ ...before, ...changes, skip: 0 }));
  const data = log.data;
  const columns: Column<AuditLogEntry>[] = [
    {
      header: 'audit.when',
      className: 'whitespace-nowrap',
      cell: (entry) => (
        <>
          {formatDateTime(entry.created_at, language)}
          {entry.ip_address ? (
            <span className="block text-xs text-slate-500" dir="ltr">
              {entry.ip_address}
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'audit.who', dir: 'ltr', cell: (entry) => entry.admin_email },
    { header: 'audit.action', className: 'font-mono text-xs', dir: 'ltr', cell: (entry) => entry.action },
    {
      header: 'audit.target',
      cell: (entry) => (
        <>
          {t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}
          {entry.target_id ? (
            <span className="block max-w-40 truncate font-mono text-xs text-slate-500" dir="ltr" title={entry.target_id}>
              {entry.target_id}
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'audit.reason', className: 'max-w-64', dir: 'auto', cell: (entry) => entry.reason ?? '' },
    {
      header: 'audit.change',
      cell: (entry) =>
        entry.before || entry.after ? (
          <details>
            <summary className="cursor-pointer text-xs font-semibold text-primary-strong">{t('audit.show_change')}</summary>
            <div className="mt-2 grid gap-2 text-xs sm:grid-cols-2" dir="ltr">
              <div>
                <p className="font-semibold text-slate-500">{t('audit.before')}</p>
                <pre className="whitespace-pre-wrap">{describe(entry.before) || '—'}</pre>
              </div>
              <div>
                <p className="font-semibold text-slate-500">{t('audit.after')}</p>
                <pre className="whitespace-pre-wrap">{describe(entry.after) || '—'}</pre>
              </div>
            </div>
          </details>
        ) : null,
    },
  ];
  return (
    <section className={panel}>
      <Filters>
        <FilterSelect
          label={t('audit.target_type')}
          name="target_type"
          query={query}
          options={auditTargetTypes.map((type) => ({ value: type, label: t(`audit.targets.${type}`) }))}
          onFilter={filter}
        />
        <SearchField placeholder={t('audit.search_placeholder')} query={query} onFilter={filter} />
      </Filters>
      <div className="mt-4">
        <DataTable
          columns={columns}
          rows={data?.entries}
          rowKey={(entry) => entry.id}
          load={log}
          empty={t('audit.empty')}
          pagination={data?.pagination}
          onSkip={(skip) => setQuery((before) => ({ ...before, skip }))}
        />
      </div>
    </section>
  );
}
