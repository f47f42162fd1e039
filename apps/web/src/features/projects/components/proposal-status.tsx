import type { OwnProposal, ProposalStage, ProposalStatus } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDate, formatNumber, languageOf } from '../../../lib/format.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { Badge } from './job-badges.tsx';

const tones = { pending: 'info', accepted: 'positive', not_selected: 'neutral', withdrawn: 'neutral' } as const;

/** A proposal's status as both sides read it: Pending, Accepted, Not selected, Withdrawn. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const { t } = useTranslation('projects');
  return <Badge tone={tones[status]}>{t(`proposal_statuses.${status}`)}</Badge>;
}

const stageTones = { pending: 'info', reviewed: 'info', shortlisted: 'warning', accepted: 'positive', rejected: 'neutral' } as const;

/** Where a proposal stands for its project's owner: Pending, Reviewed, Shortlisted, Accepted, Rejected. */
export function ProposalStageBadge({ stage }: { stage: ProposalStage }) {
  const { t } = useTranslation('projects');
  return <Badge tone={stageTones[stage]}>{t(`proposal_stages.${stage}`)}</Badge>;
}

/** What a proposal offers: the rate per hour or the whole price in the job's currency, the hours if given, and when it was sent. */
export function ProposalTerms({
  proposal,
}: {
  proposal: Pick<OwnProposal, 'proposed_rate' | 'currency' | 'job_type' | 'estimated_hours' | 'created_at'>;
}) {
  const { t, i18n } = useTranslation('projects');
  const proposedAmount = useProposedAmount();
  const language = languageOf(i18n.language);
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <div className="flex gap-1">
        <dt className="text-slate-500">{t(proposal.job_type === 'hourly' ? 'proposals.rate' : 'proposals.price')}</dt>
        <dd className="font-semibold text-slate-900">{proposedAmount(proposal)}</dd>
      </div>
      {proposal.estimated_hours !== null ? (
        <div className="flex gap-1">
          <dt className="text-slate-500">{t('proposals.hours')}</dt>
          <dd className="font-semibold text-slate-900">{formatNumber(proposal.estimated_hours, language)}</dd>
        </div>
      ) : null}
      <div className="flex gap-1">
        <dt className="text-slate-500">{t('proposals.submitted')}</dt>
        <dd className="text-slate-900">{formatDate(proposal.created_at, language)}</dd>
      </div>
    </dl>
  );
}
