import type { CurrencyCode, PublicUser } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { takeFirst } from '../../../lib/format.ts';
import { fullName, truncateText } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LocationAndIndustryBadges, SkillChips } from './badges.tsx';
import { StarRating } from './star-rating.tsx';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';

// The specification's card limits.
const HIGHLIGHTS_SHOWN = 2;
const HIGHLIGHT_LENGTH = 50;
const SKILLS_SHOWN = 4;

/** `currency` is the money the search's rate filter is typed in: the rate is shown in it. */
export function ProfessionalCard({ professional, currency = 'AED' }: { professional: PublicUser; currency?: CurrencyCode }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const name = fullName(professional);
  const highlights = takeFirst(professional.career_highlights, HIGHLIGHTS_SHOWN);
  const skills = takeFirst(professional.skills, SKILLS_SHOWN);

  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-4">
        <Avatar person={professional} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-lg font-semibold text-slate-950">{name}</h3>
          <IdentityBadge identity={professional.identity_verified} className="mt-1" />
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <StarRating rating={professional.total_rating} />
            <span className="font-semibold text-slate-900">{format.rating(professional.total_rating)}</span>
            <span>{t('card.reviews', { count: professional.total_reviews })}</span>
          </div>
        </div>
      </div>
      <LocationAndIndustryBadges user={professional} />
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {professional.hourly_rate !== null ? (
          <div>
            <dt className="sr-only">{t('card.rate')}</dt>
            <dd className="font-semibold text-slate-950">{format.hourlyRate(professional.hourly_rate, currency)}</dd>
          </div>
        ) : null}
        {professional.years_of_experience !== null ? (
          <div>
            <dt className="sr-only">{t('card.experience')}</dt>
            <dd className="text-slate-700">{t('card.years_experience', { count: professional.years_of_experience })}</dd>
          </div>
        ) : null}
      </dl>
      {professional.bio ? (
        <p dir="auto" className="mt-3 line-clamp-3 text-sm text-slate-600">
          {professional.bio}
        </p>
      ) : null}
      {highlights.shown.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label={t('card.highlights')}>
          {highlights.shown.map((highlight) => (
            <li key={highlight} className="flex gap-2">
              <span aria-hidden="true" className="text-secondary-strong">
                •
              </span>
              <span dir="auto" title={highlight}>
                {truncateText(highlight, HIGHLIGHT_LENGTH)}
              </span>
            </li>
          ))}
          {highlights.hiddenCount > 0 ? (
            <li className="ps-4 text-xs font-medium text-slate-500">{t('more', { n: highlights.hiddenCount })}</li>
          ) : null}
        </ul>
      ) : null}
      <div className="mt-4">
        <SkillChips skills={skills.shown} more={skills.hiddenCount > 0 ? t('plus', { n: skills.hiddenCount }) : null} />
      </div>
      <div className="mt-auto pt-5">
        <Button asChild variant="secondary" className="w-full">
          <Link to={paths.professional(professional.id)} aria-label={t('card.view_profile_of', { name })}>
            {t('card.view_profile')}
          </Link>
        </Button>
      </div>
    </article>
  );
}
