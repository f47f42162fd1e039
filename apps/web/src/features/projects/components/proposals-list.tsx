import type { Proposal } from '@mihna/shared';
import { CheckCircle2, Star } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAcceptProposal, useJobProposals } from '../api/job-proposals.ts';
import { formatDate, formatDollars, formatNumber, languageOf, takeFirst } from '../../../lib/format.ts';
import { useServerMessage } from '../lib/server-message.ts';
import { Badge, SkillChips } from './job-badges.tsx';

const PROPOSAL_SKILLS = 5;

function ProposalItem({
  proposal,
  canAccept,
  isAccepting,
  onAccept,
}: {
  proposal: Proposal;
  canAccept: boolean;
  isAccepting: boolean;
  onAccept: () => void;
}) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const { worker } = proposal;
  const skills = takeFirst(worker.skills, PROPOSAL_SKILLS);
  return (
    <li className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link to={paths.professional(worker.id)} className="font-semibold text-primary-strong hover:underline">
            {worker.first_name} {worker.last_name}
          </Link>
          {worker.total_reviews > 0 ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              {t('proposals.rating', {
                rating: formatNumber(worker.total_rating, language, { fractionDigits: 1 }),
                reviews: formatNumber(worker.total_reviews, language),
              })}
            </p>
          ) : null}
        </div>
        {proposal.status === 'accepted' ? (
          <Badge tone="positive">
            <CheckCircle2 className="size-3" aria-hidden="true" />
            {t('proposals.accepted')}
          </Badge>
        ) : canAccept ? (
          <Button size="sm" onClick={onAccept} disabled={isAccepting}>
            {t('proposals.accept')}
          </Button>
        ) : null}
      </div>
      {worker.bio ? (
        <p dir="auto" className="text-sm break-words text-slate-600">
          {worker.bio}
        </p>
      ) : null}
      <SkillChips shown={skills.shown} moreLabel={skills.hiddenCount > 0 ? t('card.more', { hidden: skills.hiddenCount }) : null} />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-500">{t('proposals.rate')}</dt>
          <dd className="font-semibold text-slate-900">
            {t('proposals.per_hour', { amount: formatDollars(proposal.proposed_rate, language) })}
          </dd>
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
      <p dir="auto" className="text-sm leading-6 break-words whitespace-pre-line text-slate-700">
        {proposal.proposal_text}
      </p>
    </li>
  );
}

/** The owner's view of the proposals on their project, with Accept on a pending one while the job is open. */
export function ProposalsList({ jobId, isJobOpen, proposalCount }: { jobId: string; isJobOpen: boolean; proposalCount: number }) {
  const { t } = useTranslation('projects');
  const serverMessage = useServerMessage();
  const proposals = useJobProposals(jobId, true);
  const accept = useAcceptProposal(jobId);
  const list = proposals.data?.proposals ?? [];

  // The specification only logs a failed load of the proposals.
  useEffect(() => {
    if (proposals.error) console.error('Could not load the proposals', proposals.error);
  }, [proposals.error]);

  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="proposals-title">
      <h2 id="proposals-title" className="text-xl font-semibold text-slate-950">
        {t('proposals.title', { total: proposals.data ? list.length : proposalCount })}
      </h2>
      {accept.isSuccess ? <Alert tone="success">{t('proposals.accept_success')}</Alert> : null}
      {accept.isError ? <Alert tone="error">{serverMessage(accept.error, t('proposals.accept_failed'))}</Alert> : null}
      {proposals.isPending ? <Spinner label={t('loading')} className="py-8" /> : null}
      {proposals.isSuccess && list.length === 0 ? <p className="text-sm text-slate-500">{t('proposals.empty')}</p> : null}
      {list.length > 0 ? (
        <ul className="space-y-4">
          {list.map((proposal) => (
            <ProposalItem
              key={proposal.id}
              proposal={proposal}
              canAccept={isJobOpen && proposal.status === 'pending'}
              isAccepting={accept.isPending}
              onAccept={() => accept.mutate(proposal.id)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
