import type { PaymentReceipt } from '@mihna/shared';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PdfDownload } from '../../../components/ui/pdf-download.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatAmount, formatDateTime, languageOf } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useReceipts } from '../api/receipts.ts';

function ReceiptRow({
  receipt,
  showProject,
  onError,
}: {
  receipt: PaymentReceipt;
  showProject: boolean;
  onError: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('receipts');
  const language = languageOf(i18n.language);
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-5">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold text-slate-950">{t(`purpose.${receipt.purpose}`)}</span>
          <span dir="ltr" className="font-mono text-sm text-slate-600">
            {receipt.number}
          </span>
        </p>
        {showProject && receipt.job_title ? (
          // In its own direction, so a long English title in Arabic is cut at its end, not its start.
          <p dir="auto" className={`truncate text-sm text-slate-700 ${language === 'ar' ? 'text-right' : 'text-left'}`}>
            {receipt.job_title}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {formatDateTime(receipt.paid_at, language)} ·{' '}
          <span className="font-semibold text-slate-900">{formatAmount(receipt.amount, receipt.currency, language)}</span>
        </p>
        <p className="text-xs break-all text-slate-500">
          {t('reference')}{' '}
          <span dir="ltr" className="font-mono">
            {receipt.payment_reference}
          </span>
        </p>
      </div>
      <PdfDownload path={apiPaths.receiptPdf(receipt.id)} onError={onError} />
    </li>
  );
}

/**
 * The employer's receipts for the payments they made (escrow funded, a week's hours paid), each with
 * its PDF in either language: all of them, or one project's (`jobId`), where an empty list shows nothing.
 */
export function ReceiptsSection({ jobId }: { jobId?: string }) {
  const { t } = useTranslation('receipts');
  const receipts = useReceipts(jobId);
  const [error, setError] = useState<string | null>(null);
  const list = receipts.data?.pages.flatMap((page) => page.receipts) ?? [];
  const isProject = jobId !== undefined;
  if (isProject && (receipts.isPending || receipts.isError || list.length === 0)) return null;

  return (
    <section aria-labelledby="receipts-title" className="space-y-4">
      <div>
        <h2 id="receipts-title" className="text-lg font-bold text-slate-950 sm:text-xl">
          {t('title')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t(isProject ? 'project_intro' : 'intro')}</p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {receipts.isPending ? (
        <Spinner label={t('loading')} className="min-h-[12vh]" />
      ) : receipts.isError ? (
        <Alert tone="error">{t('failed')}</Alert>
      ) : list.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
          <Receipt className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('empty')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {list.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} showProject={!isProject} onError={setError} />
          ))}
        </ul>
      )}
      <LoadMore pages={receipts} label={t('load_more')} loadingLabel={t('loading_more')} />
    </section>
  );
}
