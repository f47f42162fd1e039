import type { PaymentStatusResponse } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useMoneyFormat } from './use-money.ts';

const statusTones = {
  not_setup: 'neutral',
  pending: 'warning',
  escrowed: 'info',
  released: 'positive',
  disputed: 'danger',
  refunded: 'neutral',
} as const;

/** Where the money stands: status, total, what is held and released, and how far the work has come. */
export function PaymentOverview({ payment }: { payment: PaymentStatusResponse }) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const { progress } = payment;
  // An hourly contract is billed week by week and goes on after each is paid: no milestone plan to complete.
  const isHourly = payment.job.job_type === 'hourly';
  const hourlyStatus =
    payment.payment_status === 'pending' || payment.payment_status === 'released' || payment.payment_status === 'disputed';
  const money = (amount: number) => format.amount(amount, payment.currency);
  const figures = [
    { label: t(isHourly ? 'overview.hourly_total' : 'overview.total'), value: money(payment.total_amount) },
    ...(payment.is_cash ? [] : [{ label: t('overview.held'), value: money(payment.held_amount) }]),
    { label: t('overview.released'), value: money(payment.released_amount) },
    // What a dispute sent back, and what was added to the plan and not funded yet, only when there is any.
    ...(payment.refunded_amount > 0 ? [{ label: t('overview.refunded'), value: money(payment.refunded_amount) }] : []),
    ...(payment.unfunded_amount > 0 && payment.payment_status !== 'pending'
      ? [{ label: t('overview.unfunded'), value: money(payment.unfunded_amount) }]
      : []),
  ];
  return (
    <section aria-labelledby="payment-overview" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-overview" className="text-lg font-bold text-slate-950">
          {t('overview.title')}
        </h2>
        <Badge tone={statusTones[payment.payment_status]}>
          {isHourly && hourlyStatus ? t(`overview.hourly_statuses.${payment.payment_status}`) : t(`statuses.${payment.payment_status}`)}
        </Badge>
      </div>
      <dl className={`mt-4 grid gap-4 ${figures.length > 3 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl bg-slate-50 px-4 py-3">
            <dt className="text-xs font-medium text-slate-500">{figure.label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-950">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {isHourly ? (
        <p className="mt-4 text-sm text-slate-600">
          {t('overview.hourly_weeks', { paid: progress.completed_milestones, count: progress.total_milestones })}
        </p>
      ) : (
        <div className="mt-5">
          <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
            <span>
              {[
                t('overview.progress', { completed: progress.completed_milestones, count: progress.total_milestones }),
                ...(progress.split_milestones > 0 ? [t('overview.split_count', { count: progress.split_milestones })] : []),
                ...(progress.refunded_milestones > 0 ? [t('overview.refunded_count', { count: progress.refunded_milestones })] : []),
              ].join(' · ')}
            </span>
            <span className="font-semibold text-slate-900">{t('overview.percent', { percent: progress.completion_percentage })}</span>
          </div>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.completion_percentage}
            aria-label={t('overview.percent', { percent: progress.completion_percentage })}
          >
            <div className="h-full rounded-full bg-secondary" style={{ width: `${progress.completion_percentage}%` }} />
          </div>
        </div>
      )}
      {payment.is_cash ? <p className="mt-4 text-sm text-slate-600">{t('overview.cash')}</p> : null}
    </section>
  );
}
