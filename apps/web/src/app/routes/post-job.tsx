import type { JobCreated } from '@mihna/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useNavigate } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ModerationWarning } from '../../components/ui/moderation-warning.tsx';
import { useCreateJob } from '../../features/projects/api/create-job.ts';
import { FeaturedPaymentDialog } from '../../features/projects/components/featured-payment-dialog.tsx';
import { PostJobForm } from '../../features/projects/components/post-job-form.tsx';
import { formatAmount, languageOf } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useSentencesMessage } from '../../lib/validation-message.ts';

/** The specification's pause before the dashboard, so the success message can be read. */
const AFTER_POST_MS = 2000;

export default function PostJobPage() {
  const { t, i18n } = useTranslation('projects');
  const translateSentences = useSentencesMessage();
  const { user } = useSession();
  const navigate = useNavigate();
  const [created, setCreated] = useState<JobCreated | null>(null);
  const createJob = useCreateJob();
  const [isRefused, setRefused] = useState(false);
  const isFeaturedPayment = created?.featured_payment_required === true;
  const feeText =
    typeof created?.featured_fee === 'number' ? formatAmount(created.featured_fee, created.currency, languageOf(i18n.language)) : null;

  useEffect(() => {
    if (!created || created.featured_payment_required) return;
    const timer = setTimeout(() => void navigate(paths.dashboard), AFTER_POST_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  if (user?.role !== 'employer') {
    return (
      <Container className="py-16 text-center">
        <title>{t('post.title')}</title>
        <h1 className="text-2xl font-bold text-slate-950">{t('post.only_employers')}</h1>
        <Link to={paths.projects()} className="mt-6 inline-block font-semibold text-primary-strong hover:underline">
          {t('post.browse_projects')}
        </Link>
      </Container>
    );
  }

  return (
    <Container className="py-10 sm:py-14">
      <title>{t('post.title')}</title>
      <div className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{t('post.title')}</h1>
        <p className="mt-2 text-slate-600">{t('post.subtitle')}</p>
        <div className="mt-8">
          {created ? (
            <Alert tone="success" className="space-y-1">
              <p className="font-semibold">{t('post.success')}</p>
              {created.moderation_message ? <p>{translateSentences(created.moderation_message)}</p> : null}
              {isFeaturedPayment ? null : <p>{t('post.redirecting')}</p>}
            </Alert>
          ) : (
            <PostJobForm mutation={createJob} onDone={setCreated} onRefused={() => setRefused(true)} />
          )}
        </div>
      </div>
      <FeaturedPaymentDialog
        isOpen={isFeaturedPayment}
        jobId={created?.id ?? null}
        message={created?.featured_payment_message ?? null}
        fee={feeText}
        onSkip={() => created && void navigate(paths.project(created.id))}
      />
      <ModerationWarning severity={isRefused ? 'severe' : null} messages={[]} onClose={() => setRefused(false)} />
    </Container>
  );
}
