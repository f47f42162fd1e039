import type { JobDetail, OwnProposal } from '@mihna/shared';
import { CheckCircle2, Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { MaskedNote } from '../../../components/ui/masked-note.tsx';
import { useWithdrawProposal } from '../api/my-proposals.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { ContactButton } from '../../../components/ui/contact-button.tsx';
import { ExpressInterest } from './express-interest.tsx';
import { InterestDetailsList } from './interest-details.tsx';
import { ProposalForm } from './proposal-form.tsx';
import { ProposalStatusBadge, ProposalTerms } from './proposal-status.tsx';

/** What the professional proposed, with its status, and Withdraw while it is pending. */
function OwnProposalPanel({ proposal }: { proposal: OwnProposal }) {
  const { t } = useTranslation('projects');
  const serverMessage = useServerMessage();
  const withdraw = useWithdrawProposal();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <div className="space-y-3" data-testid="own-proposal">
      {proposal.status === 'accepted' ? (
        <Alert tone="success">
          <p className="flex items-start gap-2 font-semibold">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('own_proposal.hired')}
          </p>
        </Alert>
      ) : null}
      {proposal.status === 'not_selected' ? <Alert tone="info">{t('own_proposal.not_selected')}</Alert> : null}
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-950">{t('own_proposal.title')}</h3>
        <ProposalStatusBadge status={proposal.status} />
      </div>
      <ProposalTerms proposal={proposal} />
      <p dir="auto" className="text-sm leading-6 break-words whitespace-pre-line text-slate-700">
        {proposal.proposal_text}
      </p>
      {proposal.status === 'pending' ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {t('own_proposal.withdraw')}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('own_proposal.withdraw_title')}
        description={t('own_proposal.withdraw_text')}
        confirmLabel={t('own_proposal.withdraw')}
        cancelLabel={t('cancel')}
        isBusy={withdraw.isPending}
        error={withdraw.isError ? <Alert tone="error">{serverMessage(withdraw.error, t('own_proposal.withdraw_failed'))}</Alert> : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => withdraw.mutate(proposal.id, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}

/**
 * What a professional sees beside a project: the invitation they were sent, the proposal they made
 * (hired, not selected, pending with Withdraw), the form to propose while the project is open, and
 * Express Interest with what they sent.
 */
export function ProfessionalActions({ job }: { job: JobDetail }) {
  const { t } = useTranslation('projects');
  const [isJustSubmitted, setJustSubmitted] = useState(false);
  const { proposal, invitation, interest } = job.viewer;
  const isOpen = job.status === 'open';
  const canPropose = isOpen && (proposal === null || proposal.status === 'withdrawn');
  return (
    <section className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="proposal-title">
      <h2 id="proposal-title" className="text-lg font-semibold text-slate-950">
        {canPropose ? t('proposal.title') : t('own_proposal.section')}
      </h2>
      {/* The conversation about this project: open to a professional who applied, showed interest or was invited. */}
      {proposal || invitation || interest ? (
        <ContactButton participantId={job.employer_id} jobId={job.id} label={t('message_employer')} size="sm" />
      ) : null}
      {invitation ? (
        <div className="space-y-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200" data-testid="invitation">
          <p className="flex items-start gap-2 font-semibold">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('invitation.received', { employer: job.employer_info.company ?? job.employer_info.name })}
          </p>
          {invitation.message ? (
            <blockquote dir="auto" className="border-s-4 border-sky-300 ps-3 break-words whitespace-pre-line">
              {invitation.message}
            </blockquote>
          ) : null}
          {invitation.is_masked ? <MaskedNote /> : null}
        </div>
      ) : null}
      {isJustSubmitted ? <Alert tone="success">{t('proposal.success')}</Alert> : null}
      {proposal && !canPropose ? <OwnProposalPanel proposal={proposal} /> : null}
      {proposal?.status === 'withdrawn' && canPropose ? <p className="text-sm text-slate-600">{t('own_proposal.withdrawn_note')}</p> : null}
      {canPropose ? (
        <ProposalForm jobId={job.id} jobType={job.job_type} currency={job.currency} onSubmitted={() => setJustSubmitted(true)} />
      ) : null}
      {!isOpen && !proposal ? <p className="text-sm text-slate-600">{t('own_proposal.closed')}</p> : null}
      {isOpen || interest ? (
        <div className="space-y-3 border-t border-slate-100 pt-5">
          {isOpen ? (
            <ExpressInterest jobId={job.id} jobType={job.job_type} currency={job.currency} hasExpressed={interest !== null} />
          ) : null}
          {interest ? (
            <div className="space-y-2" data-testid="own-interest">
              <p className="text-sm font-medium text-slate-800">{t('interest.what_you_sent')}</p>
              <InterestDetailsList interest={interest} />
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
