import type { ExpertProfile } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { useFormatters } from '../use-formatters.ts';
import { StatCard } from './profile-parts.tsx';
import { StarRating } from './star-rating.tsx';

export function ExpertProfileStats({ profile }: { profile: ExpertProfile }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const { verified_rating: rating, portfolio_stats: stats } = profile;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard label={t('expert.verified_rating')} value={format.rating(rating.overall_rating)}>
        <StarRating rating={rating.overall_rating} className="align-middle" />
        <span className="ms-2 align-middle">{t('expert.verified_reviews', { count: rating.total_verified_reviews })}</span>
      </StatCard>
      <StatCard label={t('expert.projects_completed')} value={format.number(stats.total_projects)}>
        {/* The specification fixes this text; it says nothing before a project is completed. */}
        {stats.total_projects > 0 ? t('expert.success_rate') : null}
      </StatCard>
      <StatCard label={t('expert.repeat_clients')} value={format.number(stats.repeat_clients)} />
      <StatCard
        label={t('expert.hourly_rate')}
        value={profile.user.hourly_rate === null ? t('expert.rate_not_set') : format.hourlyRate(profile.user.hourly_rate)}
      />
    </dl>
  );
}
