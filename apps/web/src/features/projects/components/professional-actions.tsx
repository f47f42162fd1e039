import type { JobDetail } from '@mihna/shared';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { ExpressInterest } from './express-interest.tsx';
import { ProposalForm } from './proposal-form.tsx';

/** What a professional can do on an open project: send one proposal, and express interest once. */
export function ProfessionalActions({ job }: { job: JobDetail }) {
  const { t } = useTranslation('projects');
  const [isJustSubmitted, setJustSubmitted] = useState(false);
  return (
    <section className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="proposal-title">
      <h2 id="proposal-title" className="text-lg font-semibold text-slate-950">
        {t('proposal.title')}
      </h2>
      {isJustSubmitted ? <Alert tone="success">{t('proposal.success')}</Alert> : null}
      {job.viewer.has_proposal ? (
        !isJustSubmitted ? (
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-secondary-strong" aria-hidden="true" />
            {t('proposal.already_sent')}
          </p>
        ) : null
      ) : (
        <ProposalForm jobId={job.id} onSubmitted={() => setJustSubmitted(true)} />
      )}
      <div className="border-t border-slate-100 pt-5">
        <ExpressInterest jobId={job.id} hasExpressed={job.viewer.has_expressed_interest} />
      </div>
    </section>
  );
}
