import type { ExpertProfile } from '@mihna/shared';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { useFormatters } from '../use-formatters.ts';
import { AccomplishmentCard } from './accomplishment-card.tsx';
import { ExpertAbout } from './expert-about.tsx';
import { EmptyState, ProfileTabs, ProjectShares, ShareBar } from './profile-parts.tsx';
import { ReviewList } from './review-list.tsx';

const TOP_SKILLS = 5;

function Overview({ profile }: { profile: ExpertProfile }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const rating = profile.verified_rating;
  const averages = [
    { label: t('expert.work_quality'), value: rating.work_quality_avg },
    { label: t('expert.communication'), value: rating.communication_avg },
    { label: t('expert.timeliness'), value: rating.timeliness_avg },
  ];
  const { total_projects: totalProjects, top_skills: topSkills } = profile.portfolio_stats;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <ExpertAbout user={profile.user} />
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="averages-title">
        <h2 id="averages-title" className="text-lg font-semibold text-slate-950">
          {t('expert.rating_breakdown')}
        </h2>
        <dl className="mt-4 space-y-4">
          {averages.map((average) => (
            <div key={average.label} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-1.5 text-sm">
              <dt className="font-medium text-slate-700">{average.label}</dt>
              <dd className="font-semibold text-slate-950">{t('expert.out_of_five', { value: format.rating(average.value) })}</dd>
              <dd className="col-span-2">
                <ShareBar share={average.value / 5} colour="bg-amber-400" />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="top-skills-title">
        <h2 id="top-skills-title" className="text-lg font-semibold text-slate-950">
          {t('expert.top_skills')}
        </h2>
        {totalProjects === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('expert.top_skills_empty')}</p>
        ) : topSkills.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('expert.top_skills_unnamed')}</p>
        ) : (
          <ProjectShares
            entries={topSkills.slice(0, TOP_SKILLS).map((entry) => ({
              id: entry.skill,
              name: entry.skill,
              projects: entry.projects,
              share: entry.projects / totalProjects,
            }))}
          />
        )}
      </section>
    </div>
  );
}

function Portfolio({ profile }: { profile: ExpertProfile }) {
  const { t } = useTranslation('professionals');
  return (
    <section aria-labelledby="portfolio-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="portfolio-title" className="text-lg font-semibold text-slate-950">
          {t('portfolio.title')}
        </h2>
        <p className="inline-flex items-center gap-1 text-sm font-medium text-secondary-strong">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('portfolio.all_verified')}
        </p>
      </div>
      {profile.accomplishments.length === 0 ? (
        <EmptyState title={t('portfolio.empty_title')} text={t('portfolio.empty_text')} />
      ) : (
        <ul className="space-y-4">
          {profile.accomplishments.map((accomplishment) => (
            <li key={accomplishment.job_id}>
              <AccomplishmentCard accomplishment={accomplishment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Skills({ profile }: { profile: ExpertProfile }) {
  const { t } = useTranslation('professionals');
  const skills = profile.portfolio_stats.skills;
  if (skills.length === 0) return <EmptyState title={t('skills.empty')} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {skills.map((entry) => (
        <li
          key={entry.skill}
          className="flex items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200"
        >
          <span className="font-medium text-slate-900">{entry.skill}</span>
          <span className="shrink-0 text-sm text-slate-600">{t('projects_count', { count: entry.projects })}</span>
        </li>
      ))}
    </ul>
  );
}

export function ExpertProfileTabs({ profile }: { profile: ExpertProfile }) {
  const { t } = useTranslation('professionals');
  const tabs = [
    { value: 'overview', label: t('tabs.overview'), content: <Overview profile={profile} /> },
    { value: 'accomplishments', label: t('tabs.portfolio'), content: <Portfolio profile={profile} /> },
    { value: 'reviews', label: t('tabs.reviews'), content: <ReviewList reviews={profile.reviews} /> },
    { value: 'skills', label: t('tabs.skills'), content: <Skills profile={profile} /> },
  ];
  return <ProfileTabs tabs={tabs} />;
}
