import { proposalStages, type ProposalStage, type ReceivedProposal } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { MaskedNote } from '../../../components/ui/masked-note.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { ProposalStageBadge } from './proposal-status.tsx';
import { useApplications, useMarkApplication } from '../api/applications.ts';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';

const markable = ['pending', 'reviewed', 'shortlisted'] as const;

/**
 * §2 Employer dashboard, Applications: every proposal on the employer's projects, newest first, of one
 * stage when chosen. A pending one can be marked reviewed or shortlisted, or declined (its author is
 * told); hiring happens on the project's page.
 */
export function Applications() {
  const { t } = useTranslation('auth');
  const stageLabel = useTranslation('projects').t;
  const [stage, setStage] = useState<ProposalStage | ''>('');
  const [declining, setDeclining] = useState<ReceivedProposal | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const applications = useApplications(stage || undefined);
  const mark = useMarkApplication();
  const serverMessage = useServerMessage();
  const proposals = applications.data?.pages.flatMap((page) => page.proposals) ?? [];
  const total = applications.data?.pages[0]?.total ?? 0;

  const change = (proposal: ReceivedProposal, next: (typeof markable)[number] | 'rejected') =>
    mark.mutate(
      { id: proposal.id, stage: next },
      {
        onSuccess: () => {
          setDeclining(null);
          setNotice({ tone: 'success', text: t(next === 'rejected' ? 'applications.declined' : 'applications.marked') });
        },
        onError: (error) => setNotice({ tone: 'error', text: serverMessage(error, t('applications.failed')) }),
      },
    );

  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="applications-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="applications-title" className="text-xl font-semibold text-slate-950">
          {t('applications.title', { count: total })}
        </h2>
        <div className="w-full sm:w-48">
          <Field label={t('applications.show')}>
            {(field) => (
              <OptionSelect
                {...field}
                value={stage}
                onChange={(event) => {
                  setNotice(null);
                  setStage(event.target.value as ProposalStage | '');
                }}
                placeholder={t('applications.all')}
                options={proposalStages.map((value) => ({ value, label: stageLabel(`proposal_stages.${value}`) }))}
              />
            )}
          </Field>
        </div>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {applications.isPending ? <Spinner label={t('applications.loading')} className="py-6" /> : null}
      {applications.isError ? <Alert tone="error">{t('applications.failed')}</Alert> : null}
      {applications.isSuccess && proposals.length === 0 ? <p className="text-sm text-slate-600">{t('applications.empty')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {proposals.map((proposal) => (
          <ApplicationRow
            key={proposal.id}
            proposal={proposal}
            isBusy={mark.isPending}
            onMark={(next) => (next === 'rejected' ? setDeclining(proposal) : change(proposal, next))}
          />
        ))}
      </ul>
      <LoadMore pages={applications} label={t('applications.more')} loadingLabel={t('applications.loading')} />
      <ConfirmDialog
        isOpen={declining !== null}
        title={t('applications.decline_title')}
        description={t('applications.decline_text', {
          name: declining ? `${declining.worker.first_name} ${declining.worker.last_name}` : '',
        })}
        confirmLabel={t('applications.decline')}
        cancelLabel={t('applications.keep')}
        isBusy={mark.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={() => declining && change(declining, 'rejected')}
      />
    </section>
  );
}

function ApplicationRow({
  proposal,
  isBusy,
  onMark,
}: {
  proposal: ReceivedProposal;
  isBusy: boolean;
  onMark: (stage: (typeof markable)[number] | 'rejected') => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const stageLabel = useTranslation('projects').t;
  const language = languageOf(i18n.language);
  const amount = useProposedAmount();
  const name = `${proposal.worker.first_name} ${proposal.worker.last_name}`;
  const isOpen = proposal.stage !== 'accepted' && proposal.stage !== 'rejected';
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="application">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.professional(proposal.worker.id)} className="font-semibold text-slate-950 hover:underline">
            <bdi>{name}</bdi>
          </Link>
          <IdentityBadge identity={proposal.worker.identity_verified} />
          <ProposalStageBadge stage={proposal.stage} />
        </p>
        <p className="text-sm text-slate-700">
          <Link to={paths.project(proposal.job.id)} className="text-primary-strong hover:underline">
            <bdi>{proposal.job.title}</bdi>
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {amount(proposal)} · {formatDate(proposal.created_at, language)}
        </p>
        <p className="line-clamp-2 text-sm text-slate-600" dir="auto">
          {proposal.proposal_text}
        </p>
        {proposal.is_masked ? <MaskedNote /> : null}
      </div>
      {isOpen ? (
        <div className="w-full sm:w-48">
          <Field label={t('applications.mark_as')}>
            {(field) => (
              <OptionSelect
                {...field}
                disabled={isBusy}
                value={proposal.stage}
                onChange={(event) => onMark(event.target.value as (typeof markable)[number] | 'rejected')}
                placeholder={t('applications.mark_as')}
                options={[...markable, 'rejected' as const].map((value) => ({
                  value,
                  label: value === 'rejected' ? t('applications.decline') : stageLabel(`proposal_stages.${value}`),
                }))}
              />
            )}
          </Field>
        </div>
      ) : null}
    </li>
  );
}
