import { gulfDateOf, type Timesheet } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PdfDownload } from '../../../components/ui/pdf-download.tsx';
import { goToCheckout } from '../../../lib/checkout.ts';
import { formatAmount, formatDate, languageOf } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useConfirmBillPaidInCash, useEndContract, useMarkBillPaidInCash, usePayTimesheet, useTimesheets } from '../api/timesheets.ts';
import { TimeEntries } from './time-entries.tsx';
import { TimesheetReviewDialog } from './timesheet-review-dialog.tsx';
import { useDurationText } from './use-elapsed.ts';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * An hourly project's time on its payment page: every entry week by week, each week's timesheet with
 * its review and payment, and ending the contract. The employer reviews and pays; both see it all.
 */
export function JobTimesheets({ jobId, viewerRole }: { jobId: string; viewerRole: 'employer' | 'professional' }) {
  const { t } = useTranslation('time');
  const serverMessage = useServerMessage();
  const sheets = useTimesheets(jobId);
  const endContract = useEndContract(jobId);
  const [reviewing, setReviewing] = useState<Timesheet | null>(null);
  const [isEnding, setEnding] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const byWeek = new Map(sheets.data?.timesheets.map((sheet) => [sheet.week_start, sheet]));
  const isActive = sheets.data?.contract_status === 'active';

  return (
    <section className="space-y-4" aria-labelledby="job-time">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="job-time" className="text-xl font-semibold text-slate-950">
            {t('job_time.title')}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">{t(`job_time.text_${viewerRole}`)}</p>
        </div>
        {isActive ? (
          <Button variant="secondary" onClick={() => setEnding(true)}>
            {t('end_contract.button')}
          </Button>
        ) : null}
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {sheets.isError ? <Alert tone="error">{t('failed')}</Alert> : null}
      <TimeEntries
        jobId={jobId}
        weekPanel={(monday) => {
          const sheet = byWeek.get(monday);
          return sheet ? (
            <TimesheetPanel
              jobId={jobId}
              sheet={sheet}
              viewerRole={viewerRole}
              isCash={sheets.data?.is_cash ?? false}
              onReview={() => setReviewing(sheet)}
              onNotice={setNotice}
            />
          ) : null;
        }}
      />
      {reviewing ? (
        <TimesheetReviewDialog
          jobId={jobId}
          sheet={reviewing}
          onClose={() => setReviewing(null)}
          onDone={(text) => setNotice({ tone: 'success', text })}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isEnding}
        title={t('end_contract.title')}
        description={t('end_contract.text')}
        confirmLabel={endContract.isPending ? t('end_contract.ending') : t('end_contract.confirm')}
        cancelLabel={t('end_contract.cancel')}
        isBusy={endContract.isPending}
        isDestructive
        error={endContract.error ? <Alert tone="error">{serverMessage(endContract.error, t('end_contract.failed'))}</Alert> : null}
        onCancel={() => {
          endContract.reset();
          setEnding(false);
        }}
        onConfirm={() =>
          endContract.mutate(undefined, {
            onSuccess: () => {
              setEnding(false);
              setNotice({ tone: 'success', text: t('end_contract.done') });
            },
          })
        }
      />
    </section>
  );
}

const billTones = {
  unpaid: 'warning',
  held: 'danger',
  paid: 'positive',
  paid_in_cash: 'info',
  refunded: 'neutral',
  split: 'warning',
  cancelled: 'neutral',
} as const;

/** A week's timesheet under its heading: where it stands, what was approved, and what the viewer can do next. */
function TimesheetPanel({
  jobId,
  sheet,
  viewerRole,
  isCash,
  onReview,
  onNotice,
}: {
  jobId: string;
  sheet: Timesheet;
  viewerRole: 'employer' | 'professional';
  isCash: boolean;
  onReview: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const { t, i18n } = useTranslation('time');
  const language = languageOf(i18n.language);
  const serverMessage = useServerMessage();
  const duration = useDurationText();
  const pay = usePayTimesheet(jobId);
  const markCash = useMarkBillPaidInCash(jobId);
  const confirmCash = useConfirmBillPaidInCash(jobId);
  const isEmployer = viewerRole === 'employer';
  const approvedAmount = formatAmount(sheet.approved_amount, sheet.currency, language);
  const failed = (error: unknown) => onNotice({ tone: 'error', text: serverMessage(error, t('timesheet.failed')) });
  const done = (text: string) => () => onNotice({ tone: 'success', text });

  let status: { tone: 'neutral' | 'warning' | 'positive'; label: string; text: string };
  if (sheet.status === 'in_progress')
    status = {
      tone: 'neutral',
      label: t('timesheet.in_progress'),
      text: t('timesheet.in_progress_text', { date: formatDate(sheet.week_end, language) }),
    };
  else if (sheet.status === 'awaiting_review')
    status = {
      tone: 'warning',
      label: t('timesheet.awaiting_review'),
      text: t('timesheet.auto_approve', { date: formatDate(gulfDateOf(sheet.auto_approve_at ?? sheet.week_end), language) }),
    };
  else
    status = {
      tone: 'positive',
      label: sheet.approved_automatically ? t('timesheet.approved_automatically') : t('timesheet.approved'),
      text: t('timesheet.approved_text', { hours: duration(sheet.approved_seconds), amount: approvedAmount }),
    };

  const bill = sheet.bill;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          {bill ? <Badge tone={billTones[bill.status]}>{t(`timesheet.bill.${bill.status}`)}</Badge> : null}
        </p>
        <p className="text-sm text-slate-700">{status.text}</p>
        {sheet.disputed_entries > 0 ? (
          <p className="text-sm text-red-800">
            {t('timesheet.disputed', { count: sheet.disputed_entries, hours: duration(sheet.disputed_seconds) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PdfDownload path={apiPaths.timesheetPdf(jobId, sheet.week_start)} onError={(text) => onNotice({ tone: 'error', text })} />
        {isEmployer && sheet.status === 'awaiting_review' ? <Button onClick={onReview}>{t('timesheet.review')}</Button> : null}
        {isEmployer && bill?.status === 'unpaid' && !isCash ? (
          <Button
            disabled={pay.isPending}
            onClick={() =>
              pay.mutate(sheet.week_start, { onSuccess: ({ checkout_url }) => goToCheckout(checkout_url, i18n.language), onError: failed })
            }
          >
            {pay.isPending ? t('timesheet.opening') : t('timesheet.pay', { amount: approvedAmount })}
          </Button>
        ) : null}
        {!isEmployer && bill?.status === 'unpaid' && isCash ? (
          <Button
            variant="secondary"
            disabled={markCash.isPending}
            onClick={() => markCash.mutate(bill.milestone_id, { onSuccess: done(t('timesheet.cash_marked')), onError: failed })}
          >
            {t('timesheet.mark_cash')}
          </Button>
        ) : null}
        {isEmployer && bill?.status === 'paid_in_cash' ? (
          <Button
            disabled={confirmCash.isPending}
            onClick={() => confirmCash.mutate(bill.milestone_id, { onSuccess: done(t('timesheet.cash_confirmed')), onError: failed })}
          >
            {t('timesheet.confirm_cash')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
