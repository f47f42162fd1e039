import type { EmployerProfile } from '@mihna/shared';
import { Pencil } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { ContactButton } from '../../../components/ui/contact-button.tsx';
import { fullName } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LocationAndIndustryBadges } from './badges.tsx';
import { StarRating } from './star-rating.tsx';
import { StatCard } from './profile-parts.tsx';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';

export const employerDisplayName = (user: EmployerProfile['user']) => user.company_name?.trim() || fullName(user);

/** `canContact`: the reader is a professional, who sees Contact Employer (spec §2, §6). */
export function EmployerProfileHeader({
  profile,
  isOwner,
  canContact,
}: {
  profile: EmployerProfile;
  isOwner: boolean;
  canContact: boolean;
}) {
  const { t } = useTranslation('professionals');
  const { user } = profile;
  const description = user.company_description?.trim() || user.bio?.trim();

  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar person={user} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{employerDisplayName(user)}</h1>
            <IdentityBadge identity={user.identity_verified} />
          </div>
          {user.company_name ? <p className="mt-1 text-sm text-slate-600">{fullName(user)}</p> : null}
          <p dir="auto" className="mt-3 max-w-3xl whitespace-pre-line text-slate-700">
            {description || t('employer.no_description')}
          </p>
          <LocationAndIndustryBadges user={user} />
        </div>
        {isOwner ? (
          <Button asChild variant="secondary" className="shrink-0 self-start">
            <Link to={paths.editProfile}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('profile.edit')}
            </Link>
          </Button>
        ) : canContact ? (
          <div className="shrink-0">
            <ContactButton participantId={user.id} label={t('employer.contact')} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function EmployerProfileStats({ profile }: { profile: EmployerProfile }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const { employer_stats: stats, verified_rating: rating } = profile;
  // Money is never added across currencies: the headline currency's total, the others' under it.
  const otherCurrencies = stats.totals.filter((total) => total.currency !== stats.currency);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <StatCard label={t('employer.projects_posted')} value={format.number(stats.total_projects)} />
      <StatCard label={t('employer.active_jobs')} value={format.number(stats.active_jobs)} />
      <StatCard label={t('employer.open_jobs')} value={format.number(stats.open_jobs)} />
      <StatCard label={t('employer.repeat_hires')} value={format.number(stats.repeat_hires)} />
      <StatCard label={t('employer.total_spent')} value={format.money(stats.total_spent, stats.currency)}>
        {otherCurrencies.length > 0 ? otherCurrencies.map((total) => format.money(total.amount, total.currency)).join(' · ') : null}
      </StatCard>
      <StatCard label={t('expert.verified_rating')} value={format.rating(rating.overall_rating)}>
        <StarRating rating={rating.overall_rating} className="align-middle" />
        <span className="ms-2 align-middle">{t('expert.verified_reviews', { count: rating.total_verified_reviews })}</span>
      </StatCard>
    </dl>
  );
}
