import { Briefcase, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { languageOf } from '../../../lib/format.ts';
import { industryName, visibleLocation } from '../display.ts';

export function Badge({ icon, children }: { icon?: 'location' | 'industry'; children: ReactNode }) {
  const Icon = icon === 'location' ? MapPin : icon === 'industry' ? Briefcase : null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
      {Icon ? <Icon className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** Skill chips, the first `max` of them, then '+N' (or the longer text the caller gives). */
export function SkillChips({ skills, more }: { skills: readonly string[]; more: string | null }) {
  if (skills.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {skills.map((skill) => (
        <li key={skill} dir="auto" className="rounded-md bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary-strong">
          {skill}
        </li>
      ))}
      {more ? <li className="rounded-md px-1 py-0.5 text-xs font-medium text-slate-600">{more}</li> : null}
    </ul>
  );
}

/** 'Dubai, Jebel Ali', or the region alone. */
function LocationBadge({ location }: { location: { region: string; city: string | null } }) {
  const { t } = useTranslation('professionals');
  return (
    <Badge icon="location">
      {location.city && location.city !== location.region ? t('place', { region: location.region, city: location.city }) : location.region}
    </Badge>
  );
}

interface LocatedUser {
  show_location: boolean;
  country: string | null;
  emirate: string | null;
  city: string | null;
  industry_category: string | null;
}

/** Where a user is (only when they show it) and their industry, as badges; nothing when there is neither. */
export function LocationAndIndustryBadges({ user }: { user: LocatedUser }) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const location = visibleLocation(user, language);
  if (!location && !user.industry_category) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {location ? <LocationBadge location={location} /> : null}
      {user.industry_category ? <Badge icon="industry">{industryName(user.industry_category, language)}</Badge> : null}
    </div>
  );
}
