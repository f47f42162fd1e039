import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';

interface ProjectsEmptyStateProps {
  countryName: string | null;
  onShowAll: () => void;
  /** A social page to follow for new projects, from the site settings. */
  follow: { network: string; url: string } | null;
  /** Around a point: the next wider radius offered, as its label and what searching it does. */
  wider?: { label: string; onSearch: () => void } | undefined;
}

export function ProjectsEmptyState({ countryName, onShowAll, follow, wider }: ProjectsEmptyStateProps) {
  const { t } = useTranslation('projects');
  return (
    <div className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
      <SearchX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-slate-950">
        {countryName ? t('empty.title_in', { country: countryName }) : t('empty.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{t('empty.hint')}</p>
      <div className="mt-6 flex flex-col items-center gap-4">
        {wider ? <Button onClick={wider.onSearch}>{wider.label}</Button> : null}
        <Button variant={wider ? 'secondary' : 'primary'} onClick={onShowAll}>
          {t('empty.show_all')}
        </Button>
        {follow ? (
          <a
            href={follow.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-primary-strong hover:underline"
          >
            {t('empty.follow', { network: follow.network })}
          </a>
        ) : null}
      </div>
    </div>
  );
}
