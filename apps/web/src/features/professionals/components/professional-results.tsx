import { findCountry } from '@mihna/shared';
import clsx from 'clsx';
import { SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { languageOf } from '../../../lib/format.ts';
import { useSearchProfessionals } from '../api/search-professionals.ts';
import { refusedFields } from '../../../lib/server-errors.ts';
import { filtersToApiQuery, rateCurrency, type ProfessionalFilters } from '../search-filters.ts';
import { ProfessionalCard } from './professional-card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';

export function ProfessionalResults({ filters, onShowAll }: { filters: ProfessionalFilters; onShowAll: () => void }) {
  const { t, i18n } = useTranslation('professionals');
  const search = useSearchProfessionals(filtersToApiQuery(filters));
  // The cards render as a transition, in slices, so a slow phone stays responsive while they do.
  const data = useDeferredValue(search.data);
  const language = languageOf(i18n.language);

  // A refused filter (a negative rate, an unknown place) is named on its field by the form above.
  if (refusedFields(search.error)) return <Alert tone="error">{t('results.refused')}</Alert>;
  if (search.isError && !search.data) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        {t('results.failed')}
        <Button size="sm" variant="secondary" onClick={() => void search.refetch()}>
          {t('results.retry')}
        </Button>
      </Alert>
    );
  }

  if (!data) return <Spinner label={t('results.loading')} className="py-20" />;
  const professionals = data.pages.flatMap((page) => page.professionals);
  const total = data.pages[0]?.pagination.total ?? 0;
  const countryName = filters.country ? findCountry(filters.country)?.name[language] : undefined;

  if (professionals.length === 0) {
    return (
      <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
        <SearchX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-semibold text-slate-950">
          {countryName ? t('results.empty_in', { country: countryName }) : t('results.empty')}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t('results.empty_hint')}</p>
        <Button className="mt-6" onClick={onShowAll}>
          {t('results.show_all')}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="results-count"
      aria-busy={search.isFetching}
      className={clsx('transition-opacity', search.isPlaceholderData && 'opacity-60')}
    >
      <p id="results-count" role="status" className="mb-4 text-sm font-medium text-slate-700">
        {t('results.count', { count: total })}
      </p>
      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {professionals.map((professional) => (
          <li key={professional.id}>
            <ProfessionalCard professional={professional} currency={rateCurrency(filters)} />
          </li>
        ))}
      </ul>
      {search.isFetchNextPageError ? (
        <Alert tone="error" className="mt-6">
          {t('results.failed')}
        </Alert>
      ) : null}
      <LoadMore pages={search} label={t('results.load_more')} loadingLabel={t('results.loading_more')} className="mt-8" />
    </section>
  );
}
