import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useParams } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCreateEscrow } from '../../features/payments/api/payment-actions.ts';
import { usePaymentStatus } from '../../features/payments/api/payment-status.ts';
import { DisputeDialog, disputableMilestones } from '../../features/payments/components/dispute-dialog.tsx';
import { MilestoneList } from '../../features/payments/components/milestone-list.tsx';
import { MilestoneSetupDialog } from '../../features/payments/components/milestone-setup-dialog.tsx';
import { ReviewPanel } from '../../features/payments/components/review-panel.tsx';
import { PaymentOverview } from '../../features/payments/components/payment-overview.tsx';
import { JobTimesheets } from '../../features/time/components/job-timesheets.tsx';
import { ReceiptsSection } from '../../features/receipts/components/receipts-section.tsx';
import { ContactButton } from '../../components/ui/contact-button.tsx';
import { useMoneyFormat } from '../../features/payments/components/use-money.ts';
import { goToCheckout } from '../../lib/checkout.ts';
import { paths } from '../../lib/paths.ts';
import { useServerMessage } from '../../lib/server-message.ts';

/** §2 Job payment page: escrow protection, the overview or the setup prompt, milestones, and the dispute dialog. */
export default function JobPaymentPage() {
  const { t, i18n } = useTranslation('payments');
  const { projectId = '' } = useParams();
  const payment = usePaymentStatus(projectId);
  const format = useMoneyFormat();
  const serverMessage = useServerMessage();
  const createEscrow = useCreateEscrow();
  const [isSetupOpen, setSetupOpen] = useState(false);
  const [isDisputeOpen, setDisputeOpen] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (payment.error) console.error('Could not load the payment', payment.error);
  }, [payment.error]);

  if (payment.isPending) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (payment.isError) {
    return (
      <Container className="py-16 text-center">
        <title>{t('not_found')}</title>
        <h1 className="text-2xl font-bold text-slate-950">{t('not_found')}</h1>
        <Link to={paths.projects()} className="mt-6 inline-block font-semibold text-primary-strong hover:underline">
          {t('back')}
        </Link>
      </Container>
    );
  }

  const data = payment.data;
  const isEmployer = data.viewer_role === 'employer';
  // An hourly project is paid week by week from its approved timesheets, not from milestones laid out in advance.
  const isHourly = data.job.job_type === 'hourly';
  // A dispute is about a milestone escrow holds money for, one at a time (decision 45).
  const disputable = disputableMilestones(data.milestones);
  const canDispute = data.payment_id !== null && disputable.length > 0 && data.dispute?.status !== 'open';
  const disputedTitles = (ids: string[]) =>
    data.milestones
      .filter((milestone) => ids.includes(milestone.id))
      .map((milestone) => `\u2068${milestone.title}\u2069`)
      .join(t('list_separator'));
  const done = (text: string) => setNotice({ tone: 'success', text });
  const failed = (text: string) => setNotice({ tone: 'error', text });

  function fund() {
    if (!data.payment_id) return;
    createEscrow.mutate(data.payment_id, {
      onSuccess: ({ checkout_url }) => goToCheckout(checkout_url, i18n.language),
      onError: (error) => setNotice({ tone: 'error', text: serverMessage(error, t('fund.failed')) }),
    });
  }

  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{t('title', { title: `\u2068${data.job.title}\u2069` })}</title>
      <Link
        to={paths.project(data.job.id)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary-strong hover:underline"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('back')}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-bold break-words text-slate-950 sm:text-3xl">
          {/* The title keeps its own direction inside the sentence of the other language. */}
          {t('title', { title: `\u2068${data.job.title}\u2069` })}
        </h1>
        {/* The hire's conversation, about this project. */}
        {data.other_party_id ? (
          <ContactButton
            participantId={data.other_party_id}
            jobId={data.job.id}
            label={t(isEmployer ? 'message.professional' : 'message.employer')}
            size="sm"
          />
        ) : null}
      </div>
      <div className="flex gap-3 rounded-2xl bg-emerald-50 p-5 text-emerald-900 ring-1 ring-emerald-200">
        <ShieldCheck className="size-6 shrink-0" aria-hidden="true" />
        <div>
          <h2 className="font-bold">{t('protection.title')}</h2>
          <p className="mt-1 text-sm">{t(isHourly ? 'protection.hourly_text' : 'protection.text')}</p>
        </div>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {data.dispute?.status === 'open' ? (
        <Alert tone="error">
          {data.dispute.milestone_ids.length > 0
            ? t('dispute.open', { milestones: disputedTitles(data.dispute.milestone_ids), reason: `\u2068${data.dispute.reason}\u2069` })
            : t('dispute.open_payment', { reason: `\u2068${data.dispute.reason}\u2069` })}
        </Alert>
      ) : null}
      {data.dispute?.status === 'resolved' ? (
        <Alert tone="info">
          {/* A dispute from before disputes named their milestones is about the payment as a whole. */}
          {data.dispute.milestone_ids.length === 0
            ? t('dispute.resolved_payment')
            : t(data.dispute.ended_contract ? 'dispute.resolved_ended' : 'dispute.resolved', {
                milestones: disputedTitles(data.dispute.milestone_ids),
              })}
        </Alert>
      ) : null}

      {isHourly ? (
        data.payment_status === 'not_setup' ? null : (
          <PaymentOverview payment={data} />
        )
      ) : data.payment_status === 'not_setup' ? (
        <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-slate-950">{t('setup.title')}</h2>
          {isEmployer ? (
            <>
              <p className="mt-2 text-sm text-slate-600">{t('setup.text')}</p>
              <Button className="mt-4" onClick={() => setSetupOpen(true)}>
                {t('setup.button')}
              </Button>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{t('setup.waiting')}</p>
          )}
        </section>
      ) : (
        <PaymentOverview payment={data} />
      )}

      {data.payment_status === 'pending' && !data.is_cash && !isHourly ? (
        <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          {isEmployer ? (
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div>
                <p className="text-sm text-slate-700">{t('fund.text', { amount: format.amount(data.total_amount, data.currency) })}</p>
                <p className="mt-1 text-xs text-slate-500">{t('setup.edit_text')}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setSetupOpen(true)}>
                  {t('setup.edit_button')}
                </Button>
                <Button onClick={fund} disabled={createEscrow.isPending}>
                  {createEscrow.isPending ? t('fund.opening') : t('fund.button')}
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t('fund.waiting')}</p>
          )}
        </section>
      ) : null}

      {data.milestones.length > 0 && !isHourly ? <MilestoneList payment={data} onDone={done} onFailure={failed} /> : null}

      {isHourly ? <JobTimesheets jobId={data.job.id} viewerRole={data.viewer_role} /> : null}

      {/* The employer's receipt for each payment they made here: escrow funded, weekly hours paid. */}
      {isEmployer ? <ReceiptsSection jobId={data.job.id} /> : null}

      {data.job.status === 'completed' ? <ReviewPanel jobId={data.job.id} /> : null}

      {canDispute ? (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setDisputeOpen(true)}>
            {t('dispute.button')}
          </Button>
        </div>
      ) : null}

      {isEmployer && isSetupOpen ? (
        <MilestoneSetupDialog
          onClose={() => setSetupOpen(false)}
          onDone={done}
          jobId={data.job.id}
          currency={data.currency}
          price={data.job.agreed_amount}
          milestones={data.payment_status === 'pending' ? data.milestones : []}
        />
      ) : null}
      {data.payment_id && isDisputeOpen ? (
        <DisputeDialog
          onClose={() => setDisputeOpen(false)}
          jobId={data.job.id}
          paymentId={data.payment_id}
          milestones={disputable}
          onDone={done}
        />
      ) : null}
    </Container>
  );
}
