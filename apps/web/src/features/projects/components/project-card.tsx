import type { JobCard } from '@mihna/shared';
import { Banknote, CalendarClock, Clock, Eye, Flame, MapPin, Send, Star, Wifi } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatNumber, languageOf, takeFirst } from '../../../lib/format.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { isFeaturedNow } from '../lib/format.ts';
import { useJobPlace } from '../lib/use-job-place.ts';
import { Badge, SkillChips } from './job-badges.tsx';

const CARD_SKILLS = 5;

export function ProjectCard({ job }: { job: JobCard }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const { region, city, industry } = useJobPlace(job);
  const formatJobBudget = useJobBudget();
  const skills = takeFirst(job.skills_required, CARD_SKILLS);

  // A card out of sight is not laid out until it comes near (content-visibility), so a list of twenty
  // costs a phone the layout of the few it shows; the browser remembers each card's height once drawn.
  return (
    <article className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 [contain-intrinsic-size:auto_18rem] [content-visibility:auto] sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap gap-2">
            {isFeaturedNow(job) ? (
              <Badge tone="featured">
                <Star className="size-3" aria-hidden="true" />
                {t('card.featured')}
              </Badge>
            ) : null}
            {job.is_urgent ? (
              <Badge tone="urgent">
                <Flame className="size-3" aria-hidden="true" />
                {t('card.urgent')}
              </Badge>
            ) : null}
            <Badge>{t(`job_types.${job.job_type}`)}</Badge>
            {job.payment_method === 'cash' ? (
              <Badge tone="positive">
                <Banknote className="size-3" aria-hidden="true" />
                {t(job.country === 'AE' ? 'card.cash_payment' : 'card.cash_payment_region')}
              </Badge>
            ) : null}
          </div>
          <h2 dir="auto" className="text-lg font-semibold break-words text-slate-950">
            {job.title}
          </h2>
        </div>
        <p className="shrink-0 text-lg font-bold whitespace-nowrap text-secondary-strong">{formatJobBudget(job)}</p>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        {region ? (
          <span className="flex items-center gap-1">
            <MapPin className="size-4 text-slate-400" aria-hidden="true" />
            {region}
            {city ? <span className="text-slate-500">· {city}</span> : null}
          </span>
        ) : null}
        {job.distance_km !== undefined ? (
          <span className="font-medium text-slate-700">
            {/* Centre to centre of the cities (decision 35): a whole number, said as an approximation. */}
            {t('card.distance', { distance: formatNumber(Math.max(1, Math.round(job.distance_km)), language) })}
          </span>
        ) : null}
        {job.allow_remote ? (
          <span className="flex items-center gap-1">
            <Wifi className="size-4 text-slate-400" aria-hidden="true" />
            {t('card.remote_ok')}
          </span>
        ) : null}
        {job.location_required ? <Badge tone="info">{t('card.on_site_required')}</Badge> : null}
        {industry ? <span className="text-slate-600">{industry}</span> : null}
      </div>

      <p dir="auto" className="line-clamp-3 text-sm leading-6 break-words whitespace-pre-line text-slate-700">
        {job.description}
      </p>

      <SkillChips shown={skills.shown} moreLabel={skills.hiddenCount > 0 ? t('card.more', { hidden: skills.hiddenCount }) : null} />

      <div className="flex flex-col gap-4 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <div className="flex items-center gap-1">
            <Send className="size-3.5" aria-hidden="true" />
            <dt>{t('card.proposals')}</dt>
            <dd>{formatNumber(job.proposal_count, language)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            <dt>{t('card.views')}</dt>
            <dd>{formatNumber(job.view_count, language)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            <dt>{t('card.posted')}</dt>
            <dd>{formatDate(job.created_at, language)}</dd>
          </div>
          {job.deadline ? (
            <div className="flex items-center gap-1">
              <CalendarClock className="size-3.5" aria-hidden="true" />
              <dt>{t('card.deadline')}</dt>
              <dd>{formatDate(job.deadline, language)}</dd>
            </div>
          ) : null}
        </dl>
        <Button asChild size="sm" variant="secondary">
          <Link to={paths.project(job.id)} aria-label={t('card.view_details_of', { title: job.title })}>
            {t('card.view_details')}
          </Link>
        </Button>
      </div>
    </article>
  );
}
