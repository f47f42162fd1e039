import type { Milestone, PaymentStatusResponse } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useApproveMilestone, useConfirmCashPayment, useMarkPaidInCash, useSubmitMilestone } from '../api/payment-actions.ts';
import { useMoneyFormat } from './use-money.ts';

const statusTones = { pending: 'neutral', submitted: 'info', approved: 'positive', rejected: 'danger', paid_in_cash: 'warning' } as const;

type Action = { kind: 'submit' | 'approve'; milestone: Milestone } | null;

/** The milestones, each with what its viewer may do now: Submit (professional), Approve (employer), or the cash steps. */
export function MilestoneList({ payment, onDone }: { payment: PaymentStatusResponse; onDone: (message: string) => void }) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const serverMessage = useServerMessage();
  const jobId = payment.job.id;
  const markCash = useMarkPaidInCash(jobId);
  const confirmCash = useConfirmCashPayment(jobId);
  const [action, setAction] = useState<Action>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isProfessional = payment.viewer_role === 'professional';
  const isFunded = payment.payment_status === 'escrowed';
  const canWork = payment.is_cash ? payment.payment_status === 'pending' : isFunded;

  const cashStep = (mutation: typeof markCash, id: string, done: string) =>
    mutation.mutate(id, {
      onSuccess: () => onDone(done),
      onError: (error) => setFailure(serverMessage(error, t('milestones.cash_failed'))),
    });

  return (
    <section aria-labelledby="milestones" className="space-y-3">
      <h2 id="milestones" className="text-lg font-bold text-slate-950">
        {t('milestones.title')}
      </h2>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <ol className="space-y-3">
        {payment.milestones.map((milestone, index) => (
          <li key={milestone.id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">{index + 1}</p>
                <h3 dir="auto" className="font-semibold break-words text-slate-950">
                  {milestone.title}
                </h3>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-bold text-slate-950">{format.amount(milestone.amount, milestone.currency)}</span>
                <Badge tone={statusTones[milestone.status]}>{t(`milestone_statuses.${milestone.status}`)}</Badge>
              </div>
            </div>
            <p dir="auto" className="mt-2 text-sm whitespace-pre-line text-slate-700">
              {milestone.description}
            </p>
            {milestone.due_date ? (
              <p className="mt-2 text-xs text-slate-500">{t('milestones.due', { date: format.date(milestone.due_date) })}</p>
            ) : null}
            {milestone.submission_notes ? (
              <p className="mt-3 text-sm text-slate-700">
                <span className="font-medium">{t('milestones.notes')}: </span>
                <span dir="auto">{milestone.submission_notes}</span>
              </p>
            ) : null}
            {milestone.deliverable_urls.length > 0 ? (
              <div className="mt-2 text-sm">
                <span className="font-medium text-slate-700">{t('milestones.deliverables')}: </span>
                <ul className="mt-1 space-y-1">
                  {milestone.deliverable_urls.map((url) => (
                    <li key={url}>
                      <a
                        href={url}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="break-all text-primary-strong hover:underline"
                        dir="ltr"
                      >
                        {url}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {milestone.reviewer_notes ? (
              <p className="mt-2 text-sm text-slate-700">
                <span className="font-medium">{t('milestones.reviewer_notes')}: </span>
                <span dir="auto">{milestone.reviewer_notes}</span>
              </p>
            ) : null}
            {milestone.auto_approve_at ? (
              <p className="mt-2 text-xs text-slate-500">
                {t('milestones.auto_approve', { date: format.date(milestone.auto_approve_at) })}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap gap-2">
              {isProfessional && canWork && !payment.is_cash && (milestone.status === 'pending' || milestone.status === 'rejected') ? (
                <Button size="sm" onClick={() => setAction({ kind: 'submit', milestone })}>
                  {t('milestones.submit')}
                </Button>
              ) : null}
              {!isProfessional && isFunded && !payment.is_cash && milestone.status === 'submitted' ? (
                <Button size="sm" onClick={() => setAction({ kind: 'approve', milestone })}>
                  {t('milestones.approve')}
                </Button>
              ) : null}
              {isProfessional && payment.is_cash && canWork && milestone.status === 'pending' ? (
                <Button size="sm" disabled={markCash.isPending} onClick={() => cashStep(markCash, milestone.id, t('milestones.mark_cash'))}>
                  {t('milestones.mark_cash')}
                </Button>
              ) : null}
              {!isProfessional && payment.is_cash && milestone.status === 'paid_in_cash' ? (
                <Button
                  size="sm"
                  disabled={confirmCash.isPending}
                  onClick={() => cashStep(confirmCash, milestone.id, t('milestones.confirm_cash'))}
                >
                  {t('milestones.confirm_cash')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <SubmitDialog
        action={action?.kind === 'submit' ? action.milestone : null}
        jobId={jobId}
        onClose={() => setAction(null)}
        onDone={onDone}
      />
      <ApproveDialog
        action={action?.kind === 'approve' ? action.milestone : null}
        jobId={jobId}
        onClose={() => setAction(null)}
        onDone={onDone}
      />
    </section>
  );
}

interface ActionDialogProps {
  action: Milestone | null;
  jobId: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

function SubmitDialog({ action, jobId, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation('payments');
  const serverMessage = useServerMessage();
  const submit = useSubmitMilestone(jobId);
  const [notes, setNotes] = useState('');
  const [links, setLinks] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <FormDialog
      isOpen={action !== null}
      onClose={close}
      title={t('milestones.submit_title')}
      description={action?.title}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('milestones.submit_button')}
      isPending={submit.isPending}
      failure={failure}
      onSubmit={() => {
        if (!action) return;
        const urls = links.split(/\s+/).filter(Boolean);
        submit.mutate(
          { id: action.id, notes, deliverable_urls: urls },
          {
            onSuccess: () => {
              setNotes('');
              setLinks('');
              close();
              onDone(t('milestones.submit_success'));
            },
            onError: (error) => setFailure(serverMessage(error, t('milestones.submit_failed'))),
          },
        );
      }}
    >
      <Field label={t('milestones.submit_notes')}>
        {(props) => <Textarea {...props} rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />}
      </Field>
      <Field label={t('milestones.submit_links')}>
        {(props) => <Textarea {...props} rows={2} dir="ltr" value={links} onChange={(event) => setLinks(event.target.value)} />}
      </Field>
    </FormDialog>
  );
}

function ApproveDialog({ action, jobId, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const serverMessage = useServerMessage();
  const approve = useApproveMilestone(jobId);
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <FormDialog
      isOpen={action !== null}
      onClose={close}
      title={t('milestones.approve_title')}
      description={action ? t('milestones.approve_text', { amount: format.amount(action.amount, action.currency) }) : undefined}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('milestones.approve_button')}
      isPending={approve.isPending}
      failure={failure}
      onSubmit={() => {
        if (!action) return;
        approve.mutate(
          { id: action.id, notes },
          {
            onSuccess: () => {
              setNotes('');
              close();
              onDone(t('milestones.approve_success'));
            },
            onError: (error) => setFailure(serverMessage(error, t('milestones.approve_failed'))),
          },
        );
      }}
    >
      <Field label={t('milestones.approve_notes')}>
        {(props) => <Textarea {...props} rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />}
      </Field>
    </FormDialog>
  );
}
