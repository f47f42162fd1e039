import type { ExpertProfile } from '@mihna/shared';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { industryName } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';
import { SkillChips } from './badges.tsx';
import { DetailList } from './profile-parts.tsx';
import { StarRating } from './star-rating.tsx';

type Accomplishment = ExpertProfile['accomplishments'][number];

/** One verified project; its value and the employer's name appear only when the parties agreed to show them. */
export function AccomplishmentCard({ accomplishment: item }: { accomplishment: Accomplishment }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const details = [
    item.completion_date ? { label: t('portfolio.completed'), value: format.date(item.completion_date) } : null,
    item.duration_days !== null ? { label: t('portfolio.duration'), value: t('portfolio.days', { count: item.duration_days }) } : null,
    item.project_category ? { label: t('portfolio.category'), value: industryName(item.project_category, format.language) } : null,
    item.show_project_value && item.project_value !== null
      ? { label: t('portfolio.value'), value: format.money(item.project_value, item.currency) }
      : null,
  ].filter((detail) => detail !== null);

  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 dir="auto" className="text-lg font-semibold text-slate-950">
          {item.job_title}
        </h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-secondary/15 px-2.5 py-1 text-xs font-semibold text-secondary-strong">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t('portfolio.verified')}
        </span>
      </div>
      {item.overall_rating !== null ? (
        <div className="mt-2 flex items-center gap-2">
          <StarRating rating={item.overall_rating} />
          <span className="text-sm font-semibold text-slate-900">{format.rating(item.overall_rating)}</span>
        </div>
      ) : null}
      <p dir="auto" className="mt-3 whitespace-pre-line text-sm text-slate-700">
        {item.project_description}
      </p>
      <DetailList details={details} />
      {item.skills_used.length > 0 ? (
        <div className="mt-4">
          <SkillChips skills={item.skills_used} more={null} />
        </div>
      ) : null}
      {item.employer_testimonial ? (
        <figure className="mt-4 rounded-xl bg-slate-50 p-4">
          <blockquote dir="auto" className="text-sm italic text-slate-700">
            {t('quoted', { text: item.employer_testimonial })}
          </blockquote>
          {item.show_employer_name && item.employer_name ? (
            <figcaption className="mt-2 text-xs font-medium text-slate-600">{t('portfolio.by', { name: item.employer_name })}</figcaption>
          ) : null}
        </figure>
      ) : null}
    </article>
  );
}
