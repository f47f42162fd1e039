import type { EmployerProfile } from '@mihna/shared';
import { Calendar, Wallet } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { regionName } from '../../../lib/places.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { industryName, truncateText } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';
import { Badge, SkillChips } from './badges.tsx';
import { DetailList, EmptyState } from './profile-parts.tsx';
import { StarRating } from './star-rating.tsx';

const DESCRIPTION_PREVIEW = 150;

type CurrentJob = EmployerProfile['current_jobs'][number];
type HistoryItem = EmployerProfile['job_history'][number];

function CurrentJobCard({ job }: { job: CurrentJob }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const formatJobBudget = useJobBudget();
  return (
    <Link
      to={paths.project(job.id)}
      className="block h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="font-semibold text-slate-950">
          {job.title}
        </h3>
        <span
          className={
            job.status === 'open'
              ? 'shrink-0 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800'
              : 'shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {t(`job_status.${job.status}`)}
        </span>
      </div>
      <p dir="auto" className="mt-2 text-sm text-slate-600">
        {truncateText(job.description, DESCRIPTION_PREVIEW)}
      </p>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1 font-medium">
          <Wallet className="size-4 text-slate-500" aria-hidden="true" />
          {formatJobBudget(job)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Calendar className="size-4 text-slate-500" aria-hidden="true" />
          <time dateTime={job.created_at}>{t('employer.posted_on', { date: format.date(job.created_at) })}</time>
        </span>
      </div>
      {job.emirate || job.industry_category ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {job.emirate ? <Badge icon="location">{regionName(job.country, job.emirate, format.language) ?? job.emirate}</Badge> : null}
          {job.industry_category ? <Badge icon="industry">{industryName(job.industry_category, format.language)}</Badge> : null}
        </div>
      ) : null}
      {job.skills_required.length > 0 ? (
        <div className="mt-3">
          <SkillChips skills={job.skills_required} more={null} />
        </div>
      ) : null}
    </Link>
  );
}

export function CurrentJobs({ jobs }: { jobs: readonly CurrentJob[] }) {
  const { t } = useTranslation('professionals');
  if (jobs.length === 0) return <EmptyState title={t('employer.no_current_jobs')} />;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.id}>
          <CurrentJobCard job={job} />
        </li>
      ))}
    </ul>
  );
}

/** A finished project; the professional's name and the amount show only when the parties chose to show them. */
function HistoryCard({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const details = [
    item.completion_date ? { label: t('portfolio.completed'), value: format.date(item.completion_date) } : null,
    item.project_category ? { label: t('portfolio.category'), value: industryName(item.project_category, format.language) } : null,
    item.show_financial_info && item.project_value !== null
      ? { label: t('portfolio.value'), value: format.money(item.project_value, item.currency) }
      : null,
    item.show_worker_name && item.worker_name ? { label: t('employer.professional'), value: item.worker_name } : null,
  ].filter((detail) => detail !== null);
  const ratings = [
    item.worker_rating !== null ? { label: t('employer.rating_given'), value: item.worker_rating } : null,
    item.received_rating !== null ? { label: t('employer.rating_received'), value: item.received_rating } : null,
  ].filter((rating) => rating !== null);

  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 dir="auto" className="text-lg font-semibold text-slate-950">
        {item.job_title}
      </h3>
      <p dir="auto" className="mt-2 whitespace-pre-line text-sm text-slate-700">
        {item.project_description}
      </p>
      <DetailList details={details} />
      {ratings.length > 0 ? (
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {ratings.map((rating) => (
            <div key={rating.label} className="flex items-center gap-2">
              <dt className="text-slate-600">{rating.label}</dt>
              <dd className="flex items-center gap-1">
                <StarRating rating={rating.value} />
                <span className="font-semibold text-slate-900">{format.rating(rating.value)}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {[
        { label: t('employer.employer_feedback'), text: item.employer_feedback },
        { label: t('employer.worker_feedback'), text: item.worker_feedback },
      ].map((feedback) =>
        feedback.text ? (
          <figure key={feedback.label} className="mt-4 rounded-xl bg-slate-50 p-4">
            <figcaption className="text-xs font-medium text-slate-500">{feedback.label}</figcaption>
            <blockquote dir="auto" className="mt-1 text-sm italic text-slate-700">
              {t('quoted', { text: feedback.text })}
            </blockquote>
          </figure>
        ) : null,
      )}
    </article>
  );
}

export function ProjectHistory({ items }: { items: readonly HistoryItem[] }) {
  const { t } = useTranslation('professionals');
  if (items.length === 0) return <EmptyState title={t('portfolio.empty_title')} text={t('employer.no_history_text')} />;
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.job_id}>
          <HistoryCard item={item} />
        </li>
      ))}
    </ul>
  );
}
