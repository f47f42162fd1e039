import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useLocation, useParams } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useJob } from '../../features/projects/api/get-job.ts';
import { ClientRecord } from '../../features/projects/components/client-record.tsx';
import { JobOverview } from '../../features/projects/components/job-overview.tsx';
import { PaymentLink } from '../../features/projects/components/payment-link.tsx';
import { OwnerActions } from '../../features/projects/components/owner-actions.tsx';
import { ProfessionalActions } from '../../features/projects/components/professional-actions.tsx';
import { ProposalsList } from '../../features/projects/components/proposals-list.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useSentencesMessage } from '../../lib/validation-message.ts';

/** What the edit page says on arriving back here: the server's words, and what moderation changed. */
function useArrivalNotice() {
  const translate = useSentencesMessage();
  const state = useLocation().state as { notice?: unknown; moderation?: unknown } | null;
  if (typeof state?.notice !== 'string') return null;
  return translate(typeof state.moderation === 'string' ? `${state.notice} ${state.moderation}` : state.notice);
}

export default function ProjectDetailPage() {
  const { t } = useTranslation('projects');
  const { projectId = '' } = useParams();
  const { user } = useSession();
  const job = useJob(projectId);
  const notice = useArrivalNotice();

  // The specification only logs a failed load and shows 'Job not found'.
  useEffect(() => {
    if (job.error) console.error('Could not load the project', job.error);
  }, [job.error]);

  if (job.isPending) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (job.isError) {
    return (
      <Container className="py-16 text-center">
        <title>{t('detail.not_found')}</title>
        <h1 className="text-2xl font-bold text-slate-950">{t('detail.not_found')}</h1>
        <Link to={paths.projects()} className="mt-6 inline-block font-semibold text-primary-strong hover:underline">
          {t('detail.back')}
        </Link>
      </Container>
    );
  }

  const detail = job.data;
  const isOpen = detail.status === 'open';
  const isOwner = detail.viewer.is_owner;
  const isProfessional = user?.role === 'professional' && !isOwner;

  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{detail.title}</title>
      <Link to={paths.projects()} className="inline-flex items-center gap-1 text-sm font-semibold text-primary-strong hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('detail.back')}
      </Link>
      <div className={isOwner ? 'space-y-6' : 'grid items-start gap-6 lg:grid-cols-3'}>
        <div className={isOwner ? 'space-y-6' : 'min-w-0 space-y-6 lg:col-span-2'}>
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {isOwner ? <OwnerActions job={detail} /> : null}
          <PaymentLink job={detail} />
          <JobOverview job={detail} />
          {isOwner ? <ProposalsList jobId={detail.id} isJobOpen={isOpen} proposalCount={detail.proposal_count} /> : null}
        </div>
        {isOwner ? null : (
          <div className="min-w-0 space-y-6">
            {isProfessional ? <ProfessionalActions job={detail} /> : null}
            <ClientRecord job={detail} />
          </div>
        )}
      </div>
    </Container>
  );
}
