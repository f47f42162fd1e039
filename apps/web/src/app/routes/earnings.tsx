import type { Earnings } from '@mihna/shared';
import { Landmark, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEarnings, usePayoutMethods } from '../../features/payments/api/earnings.ts';
import { PayoutMethods } from '../../features/payments/components/payout-methods.tsx';
import { PayoutForm } from '../../features/payments/components/payout-form.tsx';
import { useMoneyFormat } from '../../features/payments/components/use-money.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

const figureKeys = ['available', 'pending_payouts', 'in_escrow', 'earned', 'paid_out'] as const;
const payoutTones = { requested: 'warning', paid: 'positive', failed: 'danger' } as const;
const card = 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6';

/** The professional's money: balances per currency, a payout to their bank, and every movement. */
export default function EarningsPage() {
  const { t } = useTranslation('earnings');
  const { user } = useSession();
  const isProfessional = user?.role === 'professional';
  const earnings = useEarnings();
  useEffect(() => {
    if (earnings.error) console.error('Could not load earnings', earnings.error);
  }, [earnings.error]);

  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{t('title')}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 text-slate-600">{t('intro')}</p>
      </div>
      {!isProfessional ? (
        <Alert tone="info">
          {t('for_professionals')}{' '}
          <Link to={paths.dashboard} className="font-semibold underline">
            {t('back_to_dashboard')}
          </Link>
        </Alert>
      ) : earnings.isPending ? (
        <Spinner label={t('loading')} className="min-h-[30vh]" />
      ) : earnings.isError ? (
        <Alert tone="error">{t('failed')}</Alert>
      ) : (
        <EarningsView data={earnings.data} holder={`${user.first_name} ${user.last_name}`} />
      )}
    </Container>
  );
}

/** The bank accounts payouts may go to, and whether payouts are frozen. */
function BankAccounts({ holder }: { holder: string }) {
  const { t } = useTranslation('earnings');
  const methods = usePayoutMethods();
  return (
    <section aria-labelledby="methods-title" className={card}>
      <h2 id="methods-title" className="text-lg font-bold text-slate-950">
        {t('methods.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('methods.text')}</p>
      {methods.data?.payouts_frozen ? (
        <Alert tone="error" className="mb-4">
          {t('methods.frozen')}{' '}
          <Link to={paths.forgotPassword} className="font-semibold underline">
            {t('methods.reset_password')}
          </Link>
        </Alert>
      ) : null}
      {methods.isPending ? <Spinner label={t('loading')} /> : null}
      {methods.isError ? <Alert tone="error">{t('failed')}</Alert> : null}
      {methods.data ? <PayoutMethods methods={methods.data.payout_methods} defaultHolder={holder} /> : null}
    </section>
  );
}

function EarningsView({ data, holder }: { data: Earnings; holder: string }) {
  const { t } = useTranslation('earnings');
  const format = useMoneyFormat();
  const methods = usePayoutMethods();
  if (data.balances.length === 0) {
    return (
      <>
        <div className={`${card} text-center`}>
          <Wallet className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('empty')}</p>
          <Link to={paths.projects()} className="mt-4 inline-block font-semibold text-primary-strong hover:underline">
            {t('find_projects')}
          </Link>
        </div>
        <BankAccounts holder={holder} />
      </>
    );
  }
  return (
    <>
      {data.balances.map((balance) => (
        <section key={balance.currency} aria-label={balance.currency} className={card}>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {figureKeys.map((key) => (
              <div
                key={key}
                className={
                  key === 'available' ? 'col-span-2 rounded-xl bg-emerald-50 px-4 py-3 lg:col-span-1' : 'rounded-xl bg-slate-50 px-4 py-3'
                }
              >
                <dt className="text-xs font-medium text-slate-600">{t(`figures.${key}`)}</dt>
                <dd className={key === 'available' ? 'mt-1 text-2xl font-bold text-emerald-800' : 'mt-1 text-lg font-bold text-slate-950'}>
                  {format.amount(balance[key], balance.currency)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-500">{t('fee_note')}</p>
        </section>
      ))}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="payout-title" className={card}>
          <h2 id="payout-title" className="flex items-center gap-2 text-lg font-bold text-slate-950">
            <Landmark className="size-5 text-primary-strong" aria-hidden="true" />
            {t('payout.title')}
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{t('payout.text')}</p>
          <PayoutForm balances={data.balances} methods={methods.data?.payout_methods ?? []} />
        </section>
        <div className="space-y-6">
          <BankAccounts holder={holder} />
          <section aria-labelledby="payouts-title" className={card}>
            <h2 id="payouts-title" className="text-lg font-bold text-slate-950">
              {t('payouts.title')}
            </h2>
            {data.payouts.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('payouts.empty')}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {data.payouts.map((payout) => (
                  <li key={payout.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div>
                      <p className="font-semibold text-slate-950">{format.amount(payout.amount, payout.currency)}</p>
                      <p className="text-sm text-slate-600">
                        {t('payouts.to', { last4: payout.iban_last4 })} · {format.date(payout.created_at)}
                      </p>
                    </div>
                    <Badge tone={payoutTones[payout.status]}>{t(`payouts.statuses.${payout.status}`)}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="history-title" className={card}>
            <h2 id="history-title" className="text-lg font-bold text-slate-950">
              {t('history.title')}
            </h2>
            {data.history.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('history.empty')}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {data.history.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{t(`history.kinds.${entry.kind}`, { defaultValue: entry.kind })}</p>
                      <p className="text-sm break-words text-slate-600">
                        {entry.job ? (
                          <>
                            <Link to={paths.projectPayment(entry.job.id)} className="hover:underline">
                              {entry.job.title}
                            </Link>
                            {' · '}
                          </>
                        ) : null}
                        {format.date(entry.created_at)}
                      </p>
                    </div>
                    <p className={entry.amount >= 0 ? 'shrink-0 font-semibold text-emerald-700' : 'shrink-0 font-semibold text-slate-700'}>
                      <bdi>
                        {entry.amount >= 0 ? '+' : '−'}
                        {format.amount(Math.abs(entry.amount), entry.currency)}
                      </bdi>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
