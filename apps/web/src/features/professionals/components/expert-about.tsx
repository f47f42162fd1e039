import type { PublicUser } from '@mihna/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';

const linkFields = ['linkedin_url', 'github_url', 'behance_url', 'website_url'] as const;

/** The address as people read it: no scheme, no trailing slash ('linkedin.com/in/hessa'). */
const displayUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');

/**
 * What a professional wrote about themself beyond the bio: experience, languages, availability,
 * career highlights and their links. Only what they filled in is shown.
 */
export function ExpertAbout({ user }: { user: PublicUser }) {
  const { t } = useTranslation('professionals');
  const links = linkFields.flatMap((field) => (user[field] ? [{ field, url: user[field] }] : []));
  const facts = [
    user.years_of_experience !== null
      ? { label: t('about.experience'), value: t('card.years_experience', { count: user.years_of_experience }) }
      : null,
    user.languages.length > 0 ? { label: t('about.languages'), value: user.languages.join(t('about.list_separator')) } : null,
    user.availability_status ? { label: t('about.availability'), value: t(`about.availability_status.${user.availability_status}`) } : null,
  ].filter((fact) => fact !== null);
  if (facts.length === 0 && user.career_highlights.length === 0 && links.length === 0) return null;

  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2"
      aria-labelledby="about-title"
      data-testid="expert-about"
    >
      <h2 id="about-title" className="text-lg font-semibold text-slate-950">
        {t('about.title')}
      </h2>
      {facts.length > 0 ? (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-xs font-medium text-slate-500">{fact.label}</dt>
              <dd dir="auto" className="mt-1 text-sm font-semibold text-slate-900">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {user.career_highlights.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-slate-900">{t('card.highlights')}</h3>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
            {user.career_highlights.map((highlight) => (
              <li key={highlight} dir="auto">
                {highlight}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {links.length > 0 ? (
        <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {links.map(({ field, url }) => (
            <li key={field}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex items-center gap-1 font-medium text-primary-strong hover:underline"
              >
                <span className="text-slate-500">{t(`about.links.${field}`)}:</span>
                <span dir="ltr" className="break-all">
                  {displayUrl(url)}
                </span>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
