import { gulfDateOf, messages, type Timesheet } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatAmount, formatDate, languageOf } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useTimeEntries } from '../api/time.ts';
import { useApproveTimesheet } from '../api/timesheets.ts';
import { weekRange } from './time-entries.tsx';
import { clockText, useDurationText } from './use-elapsed.ts';

/**
 * The employer's review of an ended week: every entry is approved unless ticked as disputed, and each
 * disputed entry needs a note saying why. The approved hours are then billed.
 */
export function TimesheetReviewDialog({
  jobId,
  sheet,
  onClose,
  onDone,
}: {
  jobId: string;
  sheet: Timesheet;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('time');
  const language = languageOf(i18n.language);
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const duration = useDurationText();
  const entries = useTimeEntries(jobId, sheet.week_start);
  const approve = useApproveTimesheet(jobId);
  // The disputed entries, each with its note as typed.
  const [disputes, setDisputes] = useState<Map<string, string>>(new Map());
  const [showMissing, setShowMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const required = translate(messages.required) ?? messages.required;
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const disputedSeconds = rows.filter((entry) => disputes.has(entry.id)).reduce((sum, entry) => sum + (entry.seconds ?? 0), 0);

  const toggle = (id: string) =>
    setDisputes((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, '');
      return next;
    });
  const setNote = (id: string, note: string) => setDisputes((current) => new Map(current).set(id, note));

  const submit = () => {
    if ([...disputes.values()].some((note) => !note.trim())) {
      setShowMissing(true);
      return;
    }
    approve.mutate(
      { week: sheet.week_start, disputes: [...disputes].map(([entry_id, note]) => ({ entry_id, note: note.trim() })) },
      {
        onSuccess: () => {
          onClose();
          onDone(t('review.done'));
        },
        onError: (error) => setFailure(serverMessage(error, t('review.failed'))),
      },
    );
  };

  return (
    <FormDialog
      isOpen
      onClose={onClose}
      title={t('review.title', weekRange(sheet.week_start, language))}
      description={t('review.text')}
      closeLabel={t('review.close')}
      cancelLabel={t('review.cancel')}
      submitLabel={disputes.size > 0 ? t('review.submit_with_disputes', { count: disputes.size }) : t('review.submit')}
      isPending={approve.isPending}
      failure={failure}
      onSubmit={submit}
      className="max-h-[70vh] space-y-4 overflow-y-auto"
    >
      {entries.isPending ? <Spinner label={t('loading')} /> : null}
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {rows.map((entry) => {
          const isDisputed = disputes.has(entry.id);
          const note = disputes.get(entry.id) ?? '';
          return (
            <li key={entry.id} className="space-y-2 px-3 py-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    <bdi>{entry.description}</bdi>
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(gulfDateOf(entry.start_time), language)} ·{' '}
                    <span dir="ltr" className="font-mono tabular-nums">
                      {clockText(entry.seconds ?? 0)}
                    </span>
                    {entry.source === 'manual' ? ` · ${t('manual')}` : ''}
                  </p>
                  {entry.amount !== null ? (
                    <p className="text-sm text-slate-600">{formatAmount(entry.amount, entry.currency, language)}</p>
                  ) : null}
                  {entry.manual_reason ? (
                    <p className="text-sm text-slate-600">
                      {t('review.reason')} <bdi>{entry.manual_reason}</bdi>
                    </p>
                  ) : null}
                </div>
                <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={isDisputed}
                    onChange={() => toggle(entry.id)}
                    className="size-4 accent-[var(--color-primary-strong)]"
                  />
                  {t('review.dispute')}
                </label>
              </div>
              {isDisputed ? (
                <Field label={t('review.note')} error={showMissing && !note.trim() ? required : undefined}>
                  {(field) => (
                    <Textarea
                      {...field}
                      dir="auto"
                      rows={2}
                      maxLength={1000}
                      value={note}
                      onChange={(event) => setNote(entry.id, event.target.value)}
                    />
                  )}
                </Field>
              ) : null}
            </li>
          );
        })}
      </ul>
      <LoadMore pages={entries} label={t('load_more')} loadingLabel={t('loading_more')} />
      <p className="text-sm text-slate-700">
        {disputedSeconds > 0 || disputes.size > 0
          ? t('review.summary_disputed', {
              approved: duration(Math.max(0, sheet.seconds - disputedSeconds)),
              disputed: duration(disputedSeconds),
            })
          : t('review.summary', { approved: duration(sheet.seconds) })}
      </p>
    </FormDialog>
  );
}
