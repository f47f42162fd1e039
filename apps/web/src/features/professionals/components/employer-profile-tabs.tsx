import type { EmployerProfile } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { industryName } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';
import { CurrentJobs, ProjectHistory } from './employer-jobs.tsx';
import { ProfileTabs, ProjectShares, ShareBar } from './profile-parts.tsx';
import { ReviewList } from './review-list.tsx';

const TOP_CATEGORIES = 5;

function starCounts(rating: EmployerProfile['verified_rating']) {
  return [
    { stars: 5, count: rating.five_star_count },
    { stars: 4, count: rating.four_star_count },
    { stars: 3, count: rating.three_star_count },
    { stars: 2, count: rating.two_star_count },
    { stars: 1, count: rating.one_star_count },
  ];
}

function Overview({ profile }: { profile: EmployerProfile }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const categories = profile.employer_stats.hiring_categories.slice(0, TOP_CATEGORIES);
  const mostProjects = Math.max(1, ...categories.map((category) => category.projects));
  const distribution = starCounts(profile.verified_rating);
  const totalRatings = distribution.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold text-slate-950">
          {t('employer.hiring_categories')}
        </h2>
        {categories.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('employer.hiring_categories_empty')}</p>
        ) : (
          <ProjectShares
            entries={categories.map((category) => ({
              id: category.category,
              name: industryName(category.category, format.language),
              projects: category.projects,
              share: category.projects / mostProjects,
            }))}
          />
        )}
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="distribution-title">
        <h2 id="distribution-title" className="text-lg font-semibold text-slate-950">
          {t('employer.rating_distribution')}
        </h2>
        <dl className="mt-4 space-y-3">
          {distribution.map((row) => (
            <div key={row.stars} className="flex items-center gap-3 text-sm">
              <dt className="min-w-16 shrink-0 whitespace-nowrap font-medium text-slate-700">
                {t('employer.stars', { count: row.stars })}
              </dt>
              <dd className="flex flex-1 items-center gap-3">
                <div className="flex-1">
                  <ShareBar share={totalRatings === 0 ? 0 : row.count / totalRatings} colour="bg-amber-400" />
                </div>
                <div className="w-8 shrink-0 text-end text-slate-600">{format.number(row.count)}</div>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export function EmployerProfileTabs({ profile }: { profile: EmployerProfile }) {
  const { t } = useTranslation('professionals');
  const tabs = [
    { value: 'overview', label: t('tabs.overview'), content: <Overview profile={profile} /> },
    { value: 'current', label: t('tabs.current_jobs'), content: <CurrentJobs jobs={profile.current_jobs} /> },
    { value: 'history', label: t('tabs.history'), content: <ProjectHistory items={profile.job_history} /> },
    { value: 'reviews', label: t('tabs.reviews'), content: <ReviewList reviews={profile.reviews} /> },
  ];
  return <ProfileTabs tabs={tabs} />;
}
