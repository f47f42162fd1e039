import type { AdminReport, Message } from '@mihna/shared';
import clsx from 'clsx';
import { Paperclip, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate, formatDateTime, languageOf } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { useReportConversation, useReports, useResolveReport } from '../api/admin-api.ts';
import { adminToken } from '../api/admin-session.ts';
import { LoadState, panel } from './console-ui.tsx';

/**
 * Beyond the spec, Reports: conversations users reported, oldest first. The card says who reported
 * whom and why; reading the conversation (and downloading a file from it) is recorded in the audit
 * log, so it is opened only on request. Staff resolve a report with what they found and did.
 */
export function ReportsTab() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useReports(status);
  const [notice, setNotice] = useState<string>();
  const [reading, setReading] = useState<AdminReport | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex gap-2" role="group" aria-label={t('reports.status_label')}>
        {(['open', 'resolved'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'primary' : 'secondary'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`reports.${value}`)}
          </Button>
        ))}
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {!reports.data ? (
        <LoadState isPending={reports.isPending} error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.data.reports.length === 0 ? (
        <p className={`${panel} text-center text-sm text-slate-600`}>{t(`reports.empty_${status}`)}</p>
      ) : (
        reports.data.reports.map((report) => (
          <ReportCard key={report.id} report={report} onRead={() => setReading(report)} onResolved={setNotice} />
        ))
      )}
      {reading ? <ConversationDialog report={reading} onClose={() => setReading(null)} /> : null}
    </div>
  );
}

function Person({ person }: { person: AdminReport['reporter'] }) {
  const { t } = useTranslation('admin');
  return (
    <span>
      <bdi className="font-semibold text-slate-950">{person.name}</bdi>{' '}
      <span className="text-slate-500">({t(person.role === 'employer' ? 'reports.employer' : 'reports.professional')})</span>
      <span className="block text-xs text-slate-500">{person.email}</span>
    </span>
  );
}

function ReportCard({ report, onRead, onResolved }: { report: AdminReport; onRead: () => void; onResolved: (message: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const resolve = useResolveReport();
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!resolution.trim()) return setError(t('reports.resolution_required'));
    setError(undefined);
    // The card leaves the open list as soon as the report is resolved: the notice is the tab's, told through the promise.
    resolve.mutateAsync({ id: report.id, resolution: resolution.trim() }).then(
      ({ message }) => onResolved(translate(message) ?? message),
      (failure: unknown) => setError(serverMessage(failure, t('reports.failed'))),
    );
  }

  return (
    <article className={panel} aria-labelledby={`report-${report.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`report-${report.id}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-950">
            <ShieldAlert className="size-5 text-red-600" aria-hidden="true" />
            {t(`reports.reasons.${report.reason}`)}
            <Badge tone={report.status === 'open' ? 'warning' : 'neutral'}>{t(`reports.${report.status}`)}</Badge>
          </h2>
          <p className="text-sm text-slate-600">
            {t('reports.reported_on', { date: formatDateTime(report.created_at, language) })}
            {report.project_title ? (
              <>
                {' · '}
                <bdi>{report.project_title}</bdi>
              </>
            ) : null}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onRead}>
          {t('reports.read', { count: report.message_count })}
        </Button>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">{t('reports.reporter')}</dt>
          <dd className="mt-1">
            <Person person={report.reporter} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">{t('reports.reported')}</dt>
          <dd className="mt-1">
            <Person person={report.reported} />
          </dd>
        </div>
      </dl>
      {report.details ? (
        <p dir="auto" className="mt-4 rounded-xl bg-amber-50 p-4 text-sm whitespace-pre-line text-slate-800 ring-1 ring-amber-200">
          {report.details}
        </p>
      ) : null}
      {report.status === 'resolved' ? (
        <p className="mt-4 text-sm text-slate-700">
          <span className="font-semibold">
            {t('reports.resolved_on', { date: formatDate(report.resolved_at ?? report.created_at, language) })}
          </span>{' '}
          <span dir="auto">{report.resolution}</span>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <Field label={t('reports.resolution')} error={error}>
            {(props) => (
              <Textarea
                {...props}
                dir="auto"
                rows={3}
                maxLength={2000}
                value={resolution}
                onChange={(event) => setResolution(event.target.value)}
              />
            )}
          </Field>
          <p className="text-xs text-slate-500">{t('reports.resolution_hint')}</p>
          <Button type="submit" disabled={resolve.isPending}>
            {t('reports.resolve')}
          </Button>
        </form>
      )}
    </article>
  );
}

function AttachmentButton({ attachment }: { attachment: NonNullable<Message['attachment']> }) {
  const { t } = useTranslation('admin');
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      className="mt-1 inline-flex items-center gap-1.5 rounded-md bg-white px-2 py-1 text-xs font-medium text-primary-strong ring-1 ring-slate-200 hover:bg-slate-50"
      onClick={() => void downloadFile(attachment.url, attachment.file_name, { token: adminToken.read() }).catch(() => setFailed(true))}
    >
      <Paperclip className="size-3.5" aria-hidden="true" />
      <bdi>{attachment.file_name}</bdi>
      {failed ? <span className="text-red-700"> · {t('reports.download_failed')}</span> : null}
    </button>
  );
}

function ConversationDialog({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const conversation = useReportConversation(report.id);
  const nameOf = (senderId: string) => (senderId === report.reporter.id ? report.reporter.name : report.reported.name);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t('reports.conversation_title', { reporter: report.reporter.name, reported: report.reported.name })}
      description={t('reports.audited')}
      closeLabel={t('common.close')}
      size="lg"
    >
      {!conversation.data ? (
        <LoadState isPending={conversation.isPending} error={conversation.error} onRetry={() => void conversation.refetch()} />
      ) : (
        <>
          {conversation.data.has_older ? <p className="mb-3 text-xs text-slate-500">{t('reports.latest_only')}</p> : null}
          <ol className="space-y-3">
            {conversation.data.messages.map((message) => {
              const isReported = message.sender_id === report.reported.id;
              return (
                <li
                  key={message.id}
                  className={clsx('rounded-xl p-3 text-sm', isReported ? 'bg-red-50 ring-1 ring-red-100' : 'bg-slate-50')}
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-slate-500">
                    <bdi className="font-semibold text-slate-900">{nameOf(message.sender_id)}</bdi>
                    <time dateTime={message.created_at}>{formatDateTime(message.created_at, language)}</time>
                  </p>
                  {message.body ? (
                    <p dir="auto" className="mt-1 break-words whitespace-pre-wrap text-slate-800">
                      {message.body}
                    </p>
                  ) : null}
                  {message.attachment ? <AttachmentButton attachment={message.attachment} /> : null}
                  {message.is_masked ? <p className="mt-1 text-xs text-amber-800">{t('reports.masked')}</p> : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Dialog>
  );
}
