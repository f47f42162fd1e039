import type { JobDetail } from '@mihna/shared';
import { Banknote, Briefcase, CalendarClock, Clock, Eye, MapPin, Send, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatNumber, languageOf } from '../../../lib/format.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { humanizeStatus } from '../lib/format.ts';
import { useJobPlace } from '../lib/use-job-place.ts';
import { Badge, SkillChips } from './job-badges.tsx';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <div>
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="text-sm font-semibold text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

export function JobStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation('projects');
  const label = i18n.exists(`statuses.${status}`, { ns: 'projects' }) ? t(`statuses.${status}`) : humanizeStatus(status);
  return <Badge tone={status === 'open' ? 'positive' : 'neutral'}>{label}</Badge>;
}

/**
 * What a project is: its budget in its own currency (per hour for an hourly one) with the amount in
 * dollars only as a hint (decision 43), type, status, dates and counts.
 */
export function JobOverview({ job }: { job: JobDetail }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const { region, city, industry } = useJobPlace(job);
  const formatJobBudget = useJobBudget();
  const icon = 'size-4';

  return (
    <article className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <JobStatusBadge status={job.status} />
          {job.is_urgent ? <Badge tone="urgent">{t('card.urgent')}</Badge> : null}
          {job.payment_method === 'cash' ? (
            <Badge tone="positive">{t(job.country === 'AE' ? 'card.cash_payment' : 'card.cash_payment_region')}</Badge>
          ) : null}
          {industry ? <Badge tone="info">{industry}</Badge> : null}
        </div>
        <h1 dir="auto" className="text-2xl font-bold tracking-tight break-words text-slate-950 sm:text-3xl">
          {job.title}
        </h1>
        <p className="text-sm text-slate-600">
          {t('detail.posted_by')}{' '}
          <Link to={paths.employer(job.employer_id)} className="font-semibold text-primary-strong hover:underline">
            {job.employer_info.name}
          </Link>
        </p>
      </header>

      <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact icon={<Banknote className={icon} aria-hidden="true" />} label={t('detail.budget')}>
          <span className="block">{formatJobBudget(job)}</span>
          {job.currency !== 'USD' ? (
            <span className="block text-xs font-normal text-slate-600">
              {t('detail.budget_in_dollars', {
                amount: formatJobBudget({ ...job, budget_min: job.budget_min_usd, budget_max: job.budget_max_usd, currency: 'USD' }),
              })}
            </span>
          ) : null}
        </Fact>
        <Fact icon={<Briefcase className={icon} aria-hidden="true" />} label={t('detail.job_type')}>
          {t(`job_types.${job.job_type}`)}
        </Fact>
        <Fact icon={<Clock className={icon} aria-hidden="true" />} label={t('detail.posted')}>
          {formatDate(job.created_at, language)}
        </Fact>
        <Fact icon={<Send className={icon} aria-hidden="true" />} label={t('detail.proposals')}>
          {formatNumber(job.proposal_count, language)}
        </Fact>
        <Fact icon={<Eye className={icon} aria-hidden="true" />} label={t('detail.views')}>
          {formatNumber(job.view_count, language)}
        </Fact>
        {region ? (
          <Fact icon={<MapPin className={icon} aria-hidden="true" />} label={t('detail.location')}>
            {city ? `${region} · ${city}` : region}
          </Fact>
        ) : null}
        {job.address ? (
          <Fact icon={<MapPin className={icon} aria-hidden="true" />} label={t('detail.address')}>
            {job.address}
          </Fact>
        ) : null}
        {job.deadline ? (
          <Fact icon={<CalendarClock className={icon} aria-hidden="true" />} label={t('detail.deadline')}>
            {formatDate(job.deadline, language)}
          </Fact>
        ) : null}
        {job.allow_remote || job.location_required ? (
          <Fact icon={<Wifi className={icon} aria-hidden="true" />} label={t('detail.work_mode')}>
            {[job.allow_remote ? t('card.remote_ok') : null, job.location_required ? t('card.on_site_required') : null]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
        ) : null}
      </dl>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-950">{t('detail.description')}</h2>
        {job.description.trim() ? (
          <p dir="auto" className="text-sm leading-7 break-words whitespace-pre-line text-slate-700">
            {job.description}
          </p>
        ) : (
          <p className="text-sm text-slate-500 italic">{t('detail.no_description')}</p>
        )}
      </section>

      {job.skills_required.length > 0 ? (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-950">{t('detail.skills')}</h2>
          <SkillChips shown={job.skills_required} moreLabel={null} />
        </section>
      ) : null}
    </article>
  );
}
