import type { MyProposal } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ContactButton } from '../../../components/ui/contact-button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyProposals, useWithdrawProposal } from '../api/my-proposals.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { ProposalStatusBadge } from './proposal-status.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';

/** The professional's own proposals, newest first: status, project and rate, with Withdraw while pending. */
export function MyProposals() {
  const { t, i18n } = useTranslation('projects');
  const proposedAmount = useProposedAmount();
  const language = languageOf(i18n.language);
  const serverMessage = useServerMessage();
  const mine = useMyProposals();
  const withdraw = useWithdrawProposal();
  const [withdrawing, setWithdrawing] = useState<MyProposal | null>(null);
  const proposals = mine.data?.pages.flatMap((page) => page.proposals) ?? [];
  const total = mine.data?.pages[0]?.total ?? 0;

  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="my-proposals-title">
      <h2 id="my-proposals-title" className="text-xl font-semibold text-slate-950">
        {t('my_proposals.title', { total })}
      </h2>
      {mine.isPending ? <Spinner label={t('loading')} className="py-8" /> : null}
      {mine.isError ? <Alert tone="error">{t('my_proposals.failed')}</Alert> : null}
      {withdraw.isSuccess ? <Alert tone="success">{t('own_proposal.withdrawn')}</Alert> : null}
      {mine.isSuccess && proposals.length === 0 ? (
        <p className="text-sm text-slate-600">
          {t('my_proposals.empty')}{' '}
          <Link to={paths.projects()} className="font-semibold text-primary-strong hover:underline">
            {t('my_proposals.find')}
          </Link>
        </p>
      ) : null}
      {proposals.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {proposals.map((proposal) => (
            <li
              key={proposal.id}
              className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="my-proposal"
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <ProposalStatusBadge status={proposal.status} />
                  <Link
                    to={paths.project(proposal.job.id)}
                    dir="auto"
                    className="font-semibold break-words text-slate-950 hover:text-primary-strong"
                  >
                    {proposal.job.title}
                  </Link>
                </div>
                <p className="text-sm text-slate-600">
                  <span dir="auto">{proposal.job.employer_name}</span> · {proposedAmount(proposal)} ·{' '}
                  {t('my_proposals.sent', { date: formatDate(proposal.created_at, language) })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-start gap-2">
                <ContactButton participantId={proposal.job.employer_id} jobId={proposal.job.id} label={t('proposals.message')} size="sm" />
                {proposal.status === 'pending' ? (
                  <Button variant="secondary" size="sm" onClick={() => setWithdrawing(proposal)}>
                    {t('own_proposal.withdraw')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore pages={mine} label={t('mine.more')} loadingLabel={t('loading_more')} />
      <ConfirmDialog
        isOpen={withdrawing !== null}
        title={t('own_proposal.withdraw_title')}
        description={withdrawing ? t('my_proposals.withdraw_text', { title: withdrawing.job.title }) : null}
        confirmLabel={t('own_proposal.withdraw')}
        cancelLabel={t('cancel')}
        isBusy={withdraw.isPending}
        error={withdraw.isError ? <Alert tone="error">{serverMessage(withdraw.error, t('own_proposal.withdraw_failed'))}</Alert> : null}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id, { onSuccess: () => setWithdrawing(null) })}
      />
    </section>
  );
}
