import { hiredJobStatuses } from '@mihna/shared';
import { Plus, Wallet } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyJobs } from '../api/my-jobs.ts';
import { JobStatusBadge } from './job-overview.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';

/** The employer's own projects in every status, newest first, each with its proposals, and once hired its payment page, a click away. */
export function MyProjects() {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const mine = useMyJobs();
  const formatJobBudget = useJobBudget();
  const jobs = mine.data?.pages.flatMap((page) => page.jobs) ?? [];
  const total = mine.data?.pages[0]?.total ?? 0;

  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="my-projects-title">
      <h2 id="my-projects-title" className="text-xl font-semibold text-slate-950">
        {t('mine.title', { total })}
      </h2>
      {mine.isPending ? <Spinner label={t('loading')} className="py-8" /> : null}
      {mine.isError ? <Alert tone="error">{t('mine.failed')}</Alert> : null}
      {mine.isSuccess && jobs.length === 0 ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">{t('mine.empty')}</p>
          <Button asChild size="sm">
            <Link to={paths.postJob}>
              <Plus className="size-4" aria-hidden="true" />
              {t('mine.post_new')}
            </Link>
          </Button>
        </div>
      ) : null}
      {jobs.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="my-project">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <JobStatusBadge status={job.status} />
                  <Link
                    to={paths.project(job.id)}
                    dir="auto"
                    className="font-semibold break-words text-slate-950 hover:text-primary-strong"
                  >
                    {job.title}
                  </Link>
                </div>
                <p className="text-sm text-slate-600">
                  {formatJobBudget(job)} · {t('mine.posted', { date: formatDate(job.created_at, language) })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-primary-strong">
                <Link to={`${paths.project(job.id)}#proposals`} className="hover:underline">
                  {t('mine.proposals', { count: job.proposal_count })}
                </Link>
                {hiredJobStatuses.includes(job.status) ? (
                  <Link to={paths.projectPayment(job.id)} className="inline-flex items-center gap-1 hover:underline">
                    <Wallet className="size-4" aria-hidden="true" />
                    {t('mine.payment')}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore pages={mine} label={t('mine.more')} loadingLabel={t('loading_more')} />
    </section>
  );
}
