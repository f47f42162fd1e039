import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useNavigate, useParams } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ModerationWarning } from '../../components/ui/moderation-warning.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useUpdateJob } from '../../features/projects/api/change-job.ts';
import { useJob } from '../../features/projects/api/get-job.ts';
import { jobToFormValues, PostJobForm } from '../../features/projects/components/post-job-form.tsx';
import { paths } from '../../lib/paths.ts';

/** The owner edits an open project with the posting form, under the same rules and moderation. */
export default function ProjectEditPage() {
  const { t } = useTranslation('projects');
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const job = useJob(projectId);
  const update = useUpdateJob(projectId);
  const [isRefused, setRefused] = useState(false);

  if (job.isPending) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  const detail = job.data;
  if (detail?.viewer.is_owner !== true || detail.status !== 'open') {
    return (
      <Container className="py-16 text-center">
        <title>{t('edit.title')}</title>
        <h1 className="text-2xl font-bold text-slate-950">{job.isError ? t('detail.not_found') : t('edit.not_editable')}</h1>
        <Link
          to={job.isError ? paths.projects() : paths.project(projectId)}
          className="mt-6 inline-block font-semibold text-primary-strong hover:underline"
        >
          {job.isError ? t('detail.back') : t('edit.back')}
        </Link>
      </Container>
    );
  }

  return (
    <Container className="py-10 sm:py-14">
      <title>{t('edit.title')}</title>
      <div className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{t('edit.title')}</h1>
        <p className="mt-2 text-slate-600">{t('edit.subtitle')}</p>
        <div className="mt-8">
          <PostJobForm
            isEdit
            defaultValues={jobToFormValues(detail)}
            mutation={update}
            onDone={(changed) =>
              void navigate(paths.project(changed.job.id), { state: { notice: changed.message, moderation: changed.moderation_message } })
            }
            onRefused={() => setRefused(true)}
          />
        </div>
      </div>
      <ModerationWarning severity={isRefused ? 'severe' : null} messages={[]} onClose={() => setRefused(false)} />
    </Container>
  );
}
