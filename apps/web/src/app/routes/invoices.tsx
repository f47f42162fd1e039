import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Container } from '../../components/ui/container.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { PdfDownload } from '../../components/ui/pdf-download.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useInvoices } from '../../features/payments/api/invoices.ts';
import { ReceiptsSection } from '../../features/receipts/components/receipts-section.tsx';
import { formatAmount, formatDate, formatNumber, languageOf } from '../../lib/format.ts';
import { apiPaths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * The user's tax invoices for the fees the platform charged them, each downloadable as PDF; an
 * employer's receipts for the payments they made come first.
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('earnings');
  const language = languageOf(i18n.language);
  const { user } = useSession();
  const invoices = useInvoices();
  const [error, setError] = useState<string | null>(null);
  const list = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];
  const isEmployer = user?.role === 'employer';
  const title = t(isEmployer ? 'invoices.title_employer' : 'invoices.title');

  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{title}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{title}</h1>
        <p className="mt-2 max-w-3xl text-slate-600">{t(isEmployer ? 'invoices.intro_employer' : 'invoices.intro')}</p>
      </div>
      {isEmployer ? (
        <>
          <ReceiptsSection />
          <h2 className="pt-2 text-lg font-bold text-slate-950 sm:text-xl">{t('invoices.title')}</h2>
        </>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {invoices.isPending ? (
        <Spinner label={t('invoices.loading')} className="min-h-[30vh]" />
      ) : invoices.isError ? (
        <Alert tone="error">{t('invoices.failed')}</Alert>
      ) : list.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
          <FileText className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mx-auto mt-3 max-w-xl text-slate-600">
            {user?.role === 'employer' ? t('invoices.empty_employer') : t('invoices.empty')}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {list.map((invoice) => (
            <li key={invoice.id} className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-5">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold text-slate-950">{t(`invoices.kind.${invoice.kind}`)}</span>
                  <span dir="ltr" className="font-mono text-sm text-slate-600">
                    {invoice.number}
                  </span>
                </p>
                {invoice.job_title ? (
                  // In its own direction, so a long English title in Arabic is cut at its end, not its start.
                  <p dir="auto" className={`truncate text-sm text-slate-700 ${language === 'ar' ? 'text-right' : 'text-left'}`}>
                    {invoice.job_title}
                  </p>
                ) : null}
                <p className="text-sm text-slate-600">
                  {formatDate(invoice.issued_at, language)} ·{' '}
                  <span className="font-semibold text-slate-900">{formatAmount(invoice.total_amount, invoice.currency, language)}</span>{' '}
                  {t('invoices.vat', {
                    rate: `${formatNumber(invoice.vat_rate, language)}%`,
                    amount: formatAmount(invoice.vat_amount, invoice.currency, language),
                  })}
                </p>
              </div>
              <PdfDownload path={apiPaths.invoicePdf(invoice.id)} onError={setError} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={invoices} label={t('invoices.load_more')} loadingLabel={t('invoices.loading_more')} />
    </Container>
  );
}
