import { subjectAnchors, type JobInterest, type Proposal } from '@mihna/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link, useLocation } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { MaskedNote } from '../../../components/ui/masked-note.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { takeFirst } from '../../../lib/format.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { useAcceptProposal, useJobProposals } from '../api/job-proposals.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { ContactButton } from '../../../components/ui/contact-button.tsx';
import { InterestDetailsList } from './interest-details.tsx';
import { RatingLine, SkillChips } from './job-badges.tsx';
import { ProposalStageBadge, ProposalStatusBadge, ProposalTerms } from './proposal-status.tsx';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';

const PROPOSAL_SKILLS = 5;

function WorkerHeading({ worker }: { worker: Proposal['worker'] }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2">
        <Link to={paths.professional(worker.id)} className="font-semibold text-primary-strong hover:underline">
          {worker.first_name} {worker.last_name}
        </Link>
        <IdentityBadge identity={worker.identity_verified} />
      </p>
      {worker.total_reviews > 0 ? (
        <RatingLine rating={worker.total_rating} reviews={worker.total_reviews} className="mt-1 text-slate-600" />
      ) : null}
    </div>
  );
}

function ProposalItem({ proposal, canAccept, onAccept }: { proposal: Proposal; canAccept: boolean; onAccept: () => void }) {
  const { t } = useTranslation('projects');
  const { worker } = proposal;
  const skills = takeFirst(worker.skills, PROPOSAL_SKILLS);
  return (
    <li
      id={subjectAnchors.proposal(proposal.id)}
      className="scroll-mt-20 space-y-3 rounded-xl p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="proposal"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <WorkerHeading worker={worker} />
        <div className="flex flex-wrap items-center gap-2">
          <ContactButton participantId={worker.id} jobId={proposal.job_id} label={t('proposals.message')} size="sm" />
          {/* The owner's own mark on a pending proposal, set under Applications on the dashboard. */}
          {proposal.status === 'pending' && proposal.stage !== 'pending' ? <ProposalStageBadge stage={proposal.stage} /> : null}
          {canAccept ? (
            <Button size="sm" onClick={onAccept}>
              {t('proposals.accept')}
            </Button>
          ) : (
            <ProposalStatusBadge status={proposal.status} />
          )}
        </div>
      </div>
      {worker.bio ? (
        <p dir="auto" className="text-sm break-words text-slate-600">
          {worker.bio}
        </p>
      ) : null}
      <SkillChips shown={skills.shown} moreLabel={skills.hiddenCount > 0 ? t('card.more', { hidden: skills.hiddenCount }) : null} />
      <ProposalTerms proposal={proposal} />
      <p dir="auto" className="text-sm leading-6 break-words whitespace-pre-line text-slate-700">
        {proposal.proposal_text}
      </p>
      {proposal.is_masked ? <MaskedNote /> : null}
    </li>
  );
}

function InterestItem({ interest }: { interest: JobInterest }) {
  return (
    <li
      id={subjectAnchors.interest(interest.id)}
      className="scroll-mt-20 space-y-3 rounded-xl p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="interest"
    >
      <WorkerHeading worker={interest.worker} />
      <InterestDetailsList interest={interest} />
    </li>
  );
}

/**
 * The owner's view of their project: its proposals, with Accept (after a confirmation naming the
 * professional and the rate) on a pending one while the project is open, and the interest professionals
 * expressed, with what they wrote.
 */
export function ProposalsList({ jobId, isJobOpen, proposalCount }: { jobId: string; isJobOpen: boolean; proposalCount: number }) {
  const { t } = useTranslation('projects');
  const proposedAmount = useProposedAmount();
  const serverMessage = useServerMessage();
  const answer = useJobProposals(jobId, true);
  const accept = useAcceptProposal();
  const [chosen, setChosen] = useState<Proposal | null>(null);
  const proposals = answer.data?.proposals ?? [];
  const interests = answer.data?.interests ?? [];
  const others = proposals.filter((proposal) => proposal.status === 'pending' && proposal.id !== chosen?.id).length;

  // A link to '#proposals' (My projects) arrives before the list exists: go there once it has loaded.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#proposals' && answer.isSuccess) document.getElementById('proposals')?.scrollIntoView();
  }, [hash, answer.isSuccess]);

  // The specification only logs a failed load of the proposals.
  useEffect(() => {
    if (answer.error) console.error('Could not load the proposals', answer.error);
  }, [answer.error]);

  return (
    <>
      <section
        id="proposals"
        className="scroll-mt-20 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
        aria-labelledby="proposals-title"
      >
        <h2 id="proposals-title" className="text-xl font-semibold text-slate-950">
          {t('proposals.title', { total: answer.data ? proposals.length : proposalCount })}
        </h2>
        {accept.isSuccess ? <Alert tone="success">{t('proposals.accept_success')}</Alert> : null}
        {answer.isPending ? <Spinner label={t('loading')} className="py-8" /> : null}
        {answer.isSuccess && proposals.length === 0 ? <p className="text-sm text-slate-500">{t('proposals.empty')}</p> : null}
        {proposals.length > 0 ? (
          <ul className="space-y-4">
            {proposals.map((proposal) => (
              <ProposalItem
                key={proposal.id}
                proposal={proposal}
                canAccept={isJobOpen && proposal.status === 'pending'}
                onAccept={() => {
                  accept.reset();
                  setChosen(proposal);
                }}
              />
            ))}
          </ul>
        ) : null}
      </section>
      {interests.length > 0 ? (
        <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="interests-title">
          <h2 id="interests-title" className="text-xl font-semibold text-slate-950">
            {t('interests.title', { total: interests.length })}
          </h2>
          <ul className="space-y-4">
            {interests.map((interest) => (
              <InterestItem key={interest.id} interest={interest} />
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        isOpen={chosen !== null}
        title={t('proposals.confirm_title')}
        description={
          chosen ? (
            <>
              {t('proposals.confirm_text', {
                name: `${chosen.worker.first_name} ${chosen.worker.last_name}`,
                rate: proposedAmount(chosen),
              })}{' '}
              {others > 0 ? t('proposals.confirm_others', { count: others }) : null}
            </>
          ) : null
        }
        confirmLabel={t('proposals.accept')}
        cancelLabel={t('cancel')}
        isBusy={accept.isPending}
        error={accept.isError ? <Alert tone="error">{serverMessage(accept.error, t('proposals.accept_failed'))}</Alert> : null}
        onCancel={() => setChosen(null)}
        onConfirm={() => chosen && accept.mutate(chosen.id, { onSuccess: () => setChosen(null) })}
      />
    </>
  );
}
