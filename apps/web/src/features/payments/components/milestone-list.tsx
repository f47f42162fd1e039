import type { Milestone, PaymentStatusResponse } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { LinkList } from '../../../components/ui/link-list.tsx';
import { goToCheckout } from '../../../lib/checkout.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import {
  useApproveMilestone,
  useConfirmCashPayment,
  useFundMilestone,
  useMarkPaidInCash,
  useRemoveMilestone,
  useSubmitMilestone,
} from '../api/payment-actions.ts';
import { MilestoneDialog } from './milestone-dialog.tsx';
import { useMoneyFormat } from './use-money.ts';

const statusTones = {
  pending: 'neutral',
  submitted: 'info',
  approved: 'positive',
  rejected: 'danger',
  paid_in_cash: 'warning',
  split: 'warning',
  refunded: 'neutral',
  cancelled: 'neutral',
} as const;

type Action = { kind: 'submit' | 'approve' | 'edit' | 'remove'; milestone: Milestone } | { kind: 'add' } | null;

/** Keeps a title or name written in the other script in its own direction inside a sentence. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The milestones, each with where its money stands (held, released, refunded, split by Mihna's
 * decision, not funded yet) and what its viewer may do now: Submit (professional), Approve (employer),
 * the cash steps, and for the employer of a running contract, funding, changing or removing a
 * milestone not funded yet and adding one (decision 45).
 */
export function MilestoneList({
  payment,
  onDone,
  onFailure,
}: {
  payment: PaymentStatusResponse;
  onDone: (message: string) => void;
  onFailure: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const format = useMoneyFormat();
  const serverMessage = useServerMessage();
  const jobId = payment.job.id;
  const markCash = useMarkPaidInCash(jobId);
  const confirmCash = useConfirmCashPayment(jobId);
  const fund = useFundMilestone();
  const remove = useRemoveMilestone(jobId);
  const [action, setAction] = useState<Action>(null);
  const isProfessional = payment.viewer_role === 'professional';
  const isEmployer = !isProfessional;
  // Work starts once the plan is funded (a cash job: once it is set up); milestones added later are funded one by one.
  const isPlanFunded = payment.payment_status !== 'pending';
  const canChangePlan = isEmployer && payment.job.is_running;
  // Up to the accepted price: what refunded work no longer takes can be planned again.
  const room = payment.job.room_amount ?? 0;
  const planned = payment.milestones.filter((milestone) => milestone.status !== 'cancelled');
  const money = (amount: number) => format.amount(amount, payment.currency);
  const price = payment.job.agreed_amount === null ? '' : money(payment.job.agreed_amount);

  const cashStep = (mutation: typeof markCash, id: string, done: string) =>
    mutation.mutate(id, {
      onSuccess: () => onDone(done),
      onError: (error) => onFailure(serverMessage(error, t('milestones.cash_failed'))),
    });

  const fundMilestone = (id: string) =>
    fund.mutate(id, {
      onSuccess: ({ checkout_url }) => goToCheckout(checkout_url, i18n.language),
      onError: (error) => onFailure(serverMessage(error, t('fund.failed'))),
    });

  return (
    <section aria-labelledby="milestones" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="milestones" className="text-lg font-bold text-slate-950">
          {t('milestones.title')}
        </h2>
        {canChangePlan && (isPlanFunded || payment.is_cash) && room > 0 ? (
          <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'add' })}>
            {t('milestones.add')}
          </Button>
        ) : null}
      </div>
      <ol className="space-y-3">
        {payment.milestones.map((milestone, index) => {
          const isOnHold = milestone.dispute?.status === 'open';
          const isUnfunded = !payment.is_cash && !milestone.is_funded && milestone.status === 'pending';
          const isAddedLater = isUnfunded && isPlanFunded;
          // Not funded yet (a cash milestone not paid yet): its employer may still change or remove it.
          const isChangeable = payment.is_cash ? milestone.status === 'pending' : isAddedLater;
          return (
            <li key={milestone.id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-medium text-slate-500">{index + 1}</p>
                  <h3 dir="auto" className="font-semibold break-words text-slate-950">
                    {milestone.title}
                  </h3>
                </div>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  <span className="font-bold text-slate-950 tabular-nums">{format.amount(milestone.amount, milestone.currency)}</span>
                  <Badge tone={statusTones[milestone.status]}>{t(`milestone_statuses.${milestone.status}`)}</Badge>
                  {isOnHold ? <Badge tone="danger">{t('milestones.on_hold')}</Badge> : null}
                  {isAddedLater ? <Badge tone="warning">{t('milestones.not_funded')}</Badge> : null}
                </div>
              </div>
              <MilestoneMoney milestone={milestone} money={money} />
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
              <LinkList label={t('milestones.deliverables')} urls={milestone.deliverable_urls} className="mt-2 text-sm text-slate-700" />
              {milestone.reviewer_notes ? (
                <p className="mt-2 text-sm text-slate-700">
                  <span className="font-medium">{t('milestones.reviewer_notes')}: </span>
                  <span dir="auto">{milestone.reviewer_notes}</span>
                </p>
              ) : null}
              <MilestoneDispute milestone={milestone} />
              {milestone.auto_approve_at ? (
                <p className="mt-2 text-xs text-slate-500">
                  {t('milestones.auto_approve', { date: format.date(milestone.auto_approve_at) })}
                </p>
              ) : null}
              {isAddedLater ? (
                <p className="mt-2 text-xs text-slate-600">
                  {t(isEmployer ? 'milestones.unfunded_employer' : 'milestones.unfunded_professional')}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-2">
                {isProfessional &&
                !payment.is_cash &&
                milestone.is_funded &&
                !isOnHold &&
                (milestone.status === 'pending' || milestone.status === 'rejected') ? (
                  <Button size="sm" onClick={() => setAction({ kind: 'submit', milestone })}>
                    {t('milestones.submit')}
                  </Button>
                ) : null}
                {isEmployer && !payment.is_cash && !isOnHold && milestone.status === 'submitted' ? (
                  <Button size="sm" onClick={() => setAction({ kind: 'approve', milestone })}>
                    {t('milestones.approve')}
                  </Button>
                ) : null}
                {isProfessional && payment.is_cash && milestone.status === 'pending' ? (
                  <Button
                    size="sm"
                    disabled={markCash.isPending}
                    onClick={() => cashStep(markCash, milestone.id, t('milestones.mark_cash'))}
                  >
                    {t('milestones.mark_cash')}
                  </Button>
                ) : null}
                {isEmployer && payment.is_cash && milestone.status === 'paid_in_cash' ? (
                  <Button
                    size="sm"
                    disabled={confirmCash.isPending}
                    onClick={() => cashStep(confirmCash, milestone.id, t('milestones.confirm_cash'))}
                  >
                    {t('milestones.confirm_cash')}
                  </Button>
                ) : null}
                {canChangePlan && isAddedLater ? (
                  <Button size="sm" disabled={fund.isPending} onClick={() => fundMilestone(milestone.id)}>
                    {fund.isPending ? t('milestones.funding') : t('milestones.fund', { amount: money(milestone.amount) })}
                  </Button>
                ) : null}
                {canChangePlan && isChangeable ? (
                  <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'edit', milestone })}>
                    {t('milestones.edit')}
                  </Button>
                ) : null}
                {canChangePlan && isChangeable && planned.length > 1 ? (
                  <Button size="sm" variant="ghost" onClick={() => setAction({ kind: 'remove', milestone })}>
                    {t('milestones.remove')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
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
      {payment.payment_id && (action?.kind === 'add' || action?.kind === 'edit') ? (
        <MilestoneDialog
          jobId={jobId}
          paymentId={payment.payment_id}
          currency={payment.currency}
          price={price}
          room={money(room)}
          milestone={action.kind === 'edit' ? action.milestone : null}
          onClose={() => setAction(null)}
          onDone={onDone}
        />
      ) : null}
      <ConfirmDialog
        isOpen={action?.kind === 'remove'}
        title={t('milestones.remove_title')}
        description={action?.kind === 'remove' ? t('milestones.remove_text', { title: isolate(action.milestone.title) }) : ''}
        confirmLabel={t('milestones.remove')}
        cancelLabel={t('cancel')}
        isBusy={remove.isPending}
        onCancel={() => setAction(null)}
        onConfirm={() => {
          if (action?.kind !== 'remove') return;
          remove.mutate(action.milestone.id, {
            onSuccess: () => {
              setAction(null);
              onDone(t('milestones.removed'));
            },
            onError: (error) => {
              setAction(null);
              onFailure(serverMessage(error, t('milestones.change_failed')));
            },
          });
        }}
      />
    </section>
  );
}

/** Where a milestone's money stands, when there is more to say than its status. */
function MilestoneMoney({ milestone, money }: { milestone: Milestone; money: (amount: number) => string }) {
  const { t } = useTranslation('payments');
  let text: string | null = null;
  if (milestone.status === 'split') {
    text = t('milestones.split_amounts', { released: money(milestone.released_amount), refunded: money(milestone.refunded_amount) });
  } else if (milestone.refunded_amount > 0) {
    text = t('milestones.refunded_amount', { refunded: money(milestone.refunded_amount) });
  } else if (milestone.held_amount > 0 && milestone.dispute?.status === 'open') {
    text = t('milestones.held', { amount: money(milestone.held_amount) });
  }
  return text ? <p className="mt-2 text-sm font-medium text-slate-800">{text}</p> : null;
}

/** The dispute about a milestone: on hold while it is open, then Mihna's decision, never written as either party's notes. */
function MilestoneDispute({ milestone }: { milestone: Milestone }) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const { dispute } = milestone;
  if (!dispute) return null;
  if (dispute.status === 'open') {
    return (
      <p className="mt-3 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200">
        {t('milestones.dispute_open', {
          side: t(`milestones.side_${dispute.opened_by}`),
          date: format.date(dispute.opened_at),
          reason: isolate(dispute.reason),
        })}
      </p>
    );
  }
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-950">
        <span>{t('milestones.decision')}</span>
        {dispute.decision ? <span className="font-normal text-slate-700"> · {t(`milestones.decision_${dispute.decision}`)}</span> : null}
      </p>
      {dispute.decision_note ? (
        <p dir="auto" className="mt-1 whitespace-pre-line text-slate-700">
          {dispute.decision_note}
        </p>
      ) : null}
    </div>
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
