import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useLocation, useSearchParams } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCheckout } from '../../features/payments/api/checkout.ts';
import { useMoneyFormat } from '../../features/payments/components/use-money.ts';
import { paths } from '../../lib/paths.ts';

/** Where the card provider sends the payer back: paid (once the webhook has confirmed it) or cancelled. */
export default function CheckoutResultPage() {
  const { t } = useTranslation('payments');
  const outcome = useLocation().pathname.endsWith('/cancelled') ? 'cancelled' : 'success';
  const [params] = useSearchParams();
  const checkout = useCheckout(params.get('checkout') ?? '');
  const format = useMoneyFormat();

  if (checkout.isPending) return <Spinner label={t('checkout.processing')} className="min-h-[50vh]" />;
  const data = checkout.data;
  const isPaid = data?.status === 'paid';
  const isWaiting = outcome === 'success' && data?.status === 'open';
  // A second payment for something already paid for is returned to the card.
  const isRefunded = data?.status === 'refund_due' || data?.status === 'refunded';
  const title = isPaid
    ? t('checkout.success_title')
    : isRefunded
      ? t('checkout.refunded_title')
      : outcome === 'cancelled'
        ? t('checkout.cancelled_title')
        : t('checkout.processing');
  return (
    <Container className="max-w-xl py-16 text-center">
      <title>{title}</title>
      {isPaid ? (
        <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
      ) : isWaiting ? (
        <Spinner label={t('checkout.processing')} />
      ) : (
        <XCircle className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      )}
      <h1 className="mt-4 text-2xl font-bold text-slate-950">{data ? title : t('checkout.not_found')}</h1>
      {data && isPaid ? (
        <p className="mt-2 text-slate-600">{t('checkout.success_text', { amount: format.amount(data.amount, data.currency) })}</p>
      ) : null}
      {data && isRefunded ? (
        <p className="mt-2 text-slate-600">{t('checkout.refunded_text', { amount: format.amount(data.amount, data.currency) })}</p>
      ) : null}
      {data && !isPaid && !isWaiting && !isRefunded ? <p className="mt-2 text-slate-600">{t('checkout.cancelled_text')}</p> : null}
      <Link
        to={data?.return_path ?? paths.dashboard}
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-primary-strong px-5 text-sm font-semibold text-white hover:bg-primary-strong/90"
      >
        {t('checkout.continue')}
      </Link>
    </Container>
  );
}
