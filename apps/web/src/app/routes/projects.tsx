import { Info } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { socialNetworks, socialUrls } from '../../components/ui/social-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSearchJobs } from '../../features/projects/api/search-jobs.ts';
import { ProjectCard } from '../../features/projects/components/project-card.tsx';
import { ProjectFiltersPanel } from '../../features/projects/components/project-filters.tsx';
import { ProjectsEmptyState } from '../../features/projects/components/projects-empty-state.tsx';
import { currencyName, formatNumber, languageOf } from '../../lib/format.ts';
import { countryDisplayName } from '../../lib/places.ts';
import { refusedFields } from '../../lib/server-errors.ts';
import { filterCurrency, hasPoint, nearbyRadii, radiusKmOf, toSearchQuery } from '../../features/projects/lib/search-filters.ts';
import { useProjectFilters } from '../../features/projects/lib/use-project-filters.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { PageHeader } from './page-header.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';

/** The first social page the site settings name, for the empty state's follow link. */
function useFollowLink() {
  const { t } = useTranslation();
  const urls = socialUrls(useSiteSettings());
  const network = socialNetworks.find((candidate) => urls[candidate]);
  return network ? { network: t(`footer.social.${network}`), url: urls[network] ?? '' } : null;
}

export default function ProjectsPage() {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const filters = useProjectFilters();
  const results = useSearchJobs(toSearchQuery(filters.applied));
  const follow = useFollowLink();
  const country = countryDisplayName(filters.applied.country, language);
  const currency = filterCurrency(filters.applied);
  // The cards render as a transition, in slices, so a slow phone stays responsive while they do.
  const data = useDeferredValue(results.data);
  const jobs = data?.pages.flatMap((page) => page.jobs) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const title = country ? t('title_in', { country }) : t('title_gcc');
  // A refused filter (a negative budget, an unknown place) is named on its field, not answered as a failure.
  const refused = refusedFields(results.error, { emirate: 'region' });
  // Nothing around the point: the next radius the search offers, one press away.
  const widerKm = hasPoint(filters.applied) ? nearbyRadii.find((km) => km > radiusKmOf(filters.applied)) : undefined;
  const wider =
    widerKm === undefined
      ? undefined
      : {
          label: t('nearby.search_within', { km: formatNumber(widerKm, language) }),
          onSearch: () => filters.change('radius_km', String(widerKm)),
        };
  const showAll = () => {
    if (!filters.clear()) void results.refetch();
  };

  return (
    <>
      <title>{title}</title>
      <PageHeader title={title} subtitle={filters.applied.country === 'AE' ? t('subtitle_uae') : t('subtitle_gulf')}>
        {/* Its line is kept while the count loads, so the page below does not move when it arrives. */}
        <p className="mt-4 min-h-5 text-sm font-semibold text-primary-strong" aria-live="polite">
          {total > 0
            ? hasPoint(filters.applied)
              ? t('found_near', {
                  count: total,
                  total: formatNumber(total, language),
                  km: formatNumber(radiusKmOf(filters.applied), language, { fractionDigits: { upTo: 1 } }),
                })
              : t('found', { count: total, total: formatNumber(total, language) })
            : null}
        </p>
      </PageHeader>
      <Container className="space-y-6 py-8 sm:py-10">
        <ProjectFiltersPanel
          filters={filters.draft}
          errors={refused}
          onChange={filters.change}
          onPlace={filters.place}
          onSearch={() => {
            if (!filters.submit()) void results.refetch();
          }}
          onClear={showAll}
        />
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <Info className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {filters.applied.country
            ? t('currency_note', { currency: currencyName(currency, language), code: currency })
            : t('currency_note_all', { currency: currencyName(currency, language), code: currency })}
        </p>
        <ProjectResults
          isPending={!data && !results.isError}
          isError={results.isError && jobs.length === 0}
          isRefused={refused !== null}
          onRetry={() => void results.refetch()}
        >
          {jobs.length === 0 ? (
            <ProjectsEmptyState countryName={country} onShowAll={showAll} follow={follow} wider={wider} />
          ) : (
            <div className={results.isPlaceholderData ? 'space-y-4 opacity-60 transition-opacity' : 'space-y-4'}>
              {jobs.map((job) => (
                <ProjectCard key={job.id} job={job} />
              ))}
            </div>
          )}
        </ProjectResults>
        <LoadMore pages={results} label={t('load_more')} loadingLabel={t('loading_more')} />
      </Container>
    </>
  );
}

function ProjectResults({
  isPending,
  isError,
  isRefused,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isRefused: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('projects');
  if (isRefused) return <Alert tone="error">{t('filters_refused')}</Alert>;
  if (isPending) return <Spinner label={t('loading')} className="py-16" />;
  if (isError) {
    return (
      <Alert tone="error" className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <span>{t('load_failed')}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
