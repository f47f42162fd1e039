import { readNumber, type AdminDispute } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatDate, languageOf } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LinkList } from '../../../components/ui/link-list.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { useDisputes, useResolveDispute } from '../api/admin-api.ts';
import { LoadState, panel } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { ProjectDetailDialog } from './project-detail-dialog.tsx';

type Decision = 'release' | 'refund' | 'split';

/**
 * Beyond the spec, Disputes: each open dispute with both parties, what the opener said, the
 * milestones (the one in dispute marked) with what was submitted, its deliverable links and what was
 * answered, and the money held; staff settle what the dispute holds by releasing it, refunding it or
 * splitting it, with Mihna's decision both parties receive, and may also end the contract (decision 45).
 */
export function DisputesTab() {
  const { t } = useTranslation('admin');
  const disputes = useDisputes();
  const [notice, setNotice] = useState<string>();
  if (!disputes.data) return <LoadState isPending={disputes.isPending} error={disputes.error} onRetry={() => void disputes.refetch()} />;
  return (
    <div className="space-y-6">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {disputes.data.disputes.length === 0 ? (
        <p className={`${panel} text-center text-sm text-slate-600`}>{t('disputes.empty')}</p>
      ) : (
        disputes.data.disputes.map((dispute) => <DisputeCard key={dispute.id} dispute={dispute} onResolved={setNotice} />)
      )}
    </div>
  );
}

function DisputeCard({ dispute, onResolved }: { dispute: AdminDispute; onResolved: (message: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState<Decision>('split');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [endContract, setEndContract] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const [showsProject, setShowsProject] = useState(false);
  const [failure, setFailure] = useState<string>();
  const money = (value: number) => formatAmount(value, dispute.currency, language);
  // With nothing held, resolving moves no money: it closes the dispute with the note.
  const chosen: Decision = dispute.held === 0 ? 'refund' : decision;
  const released = chosen === 'release' ? dispute.held : chosen === 'refund' ? 0 : Number(readNumber(amount));
  const opener = dispute.opened_by === 'employer' ? dispute.employer : dispute.professional;
  const columns: Column<AdminDispute['milestones'][number]>[] = [
    {
      header: 'disputes.milestone',
      cell: (milestone) => (
        <>
          <span dir="auto">{milestone.title}</span>
          <Badge className="ms-2">{t(`milestone_statuses.${milestone.status}`)}</Badge>
          {milestone.in_dispute ? (
            <Badge tone="danger" className="ms-2">
              {t('disputes.in_dispute')}
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: 'user_detail.amount', className: 'whitespace-nowrap tabular-nums', cell: (milestone) => money(milestone.amount) },
    { header: 'disputes.held', className: 'whitespace-nowrap tabular-nums', cell: (milestone) => money(milestone.held) },
    {
      header: 'disputes.statements',
      className: 'text-xs',
      cell: (milestone) => (
        <>
          {milestone.submission_notes ? (
            <p dir="auto">
              <span className="font-semibold">{dispute.professional.name}: </span>
              {milestone.submission_notes}
            </p>
          ) : null}
          {milestone.reviewer_notes ? (
            <p dir="auto" className="mt-1">
              <span className="font-semibold">{dispute.employer.name}: </span>
              {milestone.reviewer_notes}
            </p>
          ) : null}
          <LinkList label={t('disputes.deliverables')} urls={milestone.deliverable_urls} className="mt-1" />
          {!milestone.submission_notes && !milestone.reviewer_notes && milestone.deliverable_urls.length === 0 ? (
            <span className="text-slate-400">—</span>
          ) : null}
        </>
      ),
    },
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (chosen === 'split' && !(Number.isFinite(released) && released >= 0 && released <= dispute.held))
      found.amount = t('disputes.amount_range', { held: money(dispute.held) });
    if (!note.trim()) found.note = t('disputes.note_required');
    setErrors(found);
    if (Object.keys(found).length === 0) setIsConfirming(true);
  }

  function confirm() {
    // The card leaves the list once the dispute is resolved: the notice is the tab's, told through the promise.
    resolve
      .mutateAsync({
        id: dispute.id,
        decision: chosen,
        note: note.trim(),
        end_contract: endContract,
        ...(chosen === 'split' ? { release_amount: amount } : {}),
      })
      .then(
        ({ message }) => onResolved(`${translate(message) ?? message} ${dispute.project_title}`),
        (error: unknown) => {
          setIsConfirming(false);
          setFailure(serverMessage(error, t('disputes.failed')));
        },
      );
  }

  return (
    <article className={panel} aria-labelledby={`dispute-${dispute.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`dispute-${dispute.id}`} className="text-lg font-semibold text-slate-950" dir="auto">
            {dispute.project_title || t('common.no_title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('disputes.parties', { employer: dispute.employer.name, professional: dispute.professional.name })}
          </p>
          {/* The payment page is the parties' own: staff read the project and its payment in the console. */}
          <Button size="sm" variant="ghost" className="mt-1 -ms-2" onClick={() => setShowsProject(true)}>
            {t('disputes.open_project')}
          </Button>
        </div>
        <div className="text-end">
          <p className="text-xs text-slate-500">{t('disputes.held_in_dispute')}</p>
          <p className="text-xl font-bold text-slate-950 tabular-nums">{money(dispute.held)}</p>
          <p className="text-xs text-slate-500">{t('disputes.of_total', { total: money(dispute.total) })}</p>
          {dispute.other_held > 0 ? (
            <p className="text-xs text-slate-500">{t('disputes.other_held', { amount: money(dispute.other_held) })}</p>
          ) : null}
        </div>
      </div>

      <section className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
        <p className="text-sm font-semibold text-amber-900">
          {t('disputes.opened_by', {
            name: opener.name,
            side: t(`disputes.side_${dispute.opened_by}`),
            date: formatDate(dispute.opened_at, language),
          })}
        </p>
        <p className="mt-1 text-sm font-medium text-slate-900" dir="auto">
          {dispute.reason}
        </p>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700" dir="auto">
          {dispute.description}
        </p>
      </section>

      <DataTable
        layout="inset"
        className="mt-4"
        columns={columns}
        rows={dispute.milestones}
        rowKey={(milestone) => milestone.id}
        rowClassName={(milestone) => (milestone.in_dispute ? 'bg-amber-50/60' : undefined)}
      />

      <form onSubmit={submit} className="mt-4 space-y-4 border-t border-slate-100 pt-4" noValidate>
        {dispute.held === 0 ? (
          <p className="text-sm text-slate-700">{t('disputes.nothing_held')}</p>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-950">{t('disputes.resolve')}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(['release', 'refund', 'split'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`decision-${dispute.id}`}
                    value={value}
                    checked={decision === value}
                    onChange={() => setDecision(value)}
                  />
                  {t(`disputes.decision_${value}`, { professional: dispute.professional.name, employer: dispute.employer.name })}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
          {decision === 'split' && dispute.held > 0 ? (
            <Field label={t('disputes.release_amount', { currency: dispute.currency })} error={errors.amount}>
              {(props) => <NumberInput {...props} value={amount} onChange={(event) => setAmount(event.target.value)} />}
            </Field>
          ) : (
            <div />
          )}
          <Field label={t('disputes.note')} error={errors.note}>
            {(props) => (
              <Textarea {...props} rows={2} dir="auto" maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
            )}
          </Field>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-1" checked={endContract} onChange={(event) => setEndContract(event.target.checked)} />
          <span>
            <span className="font-semibold">{t('disputes.end_contract')}</span>
            <span className="block text-xs text-slate-600">
              {dispute.other_held > 0
                ? t('disputes.end_contract_hint', { amount: money(dispute.other_held), employer: dispute.employer.name })
                : t('disputes.end_contract_hint_nothing')}
            </span>
          </span>
        </label>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={resolve.isPending}>
            {t('disputes.resolve')}
          </Button>
        </div>
      </form>

      <ProjectDetailDialog id={showsProject ? dispute.project_id : undefined} canModerate={false} onClose={() => setShowsProject(false)} />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('disputes.confirm_title')}
        description={[
          dispute.held === 0
            ? t('disputes.confirm_close')
            : t('disputes.confirm_text', {
                released: money(Number.isFinite(released) ? released : 0),
                professional: dispute.professional.name,
                refunded: money(Math.max(0, dispute.held - (Number.isFinite(released) ? released : 0))),
                employer: dispute.employer.name,
              }),
          ...(endContract ? [t('disputes.confirm_end', { amount: money(dispute.other_held), employer: dispute.employer.name })] : []),
        ].join(' ')}
        confirmLabel={t('disputes.resolve')}
        cancelLabel={t('common.cancel')}
        isBusy={resolve.isPending}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
    </article>
  );
}
