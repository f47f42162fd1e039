import { useTranslation } from '../../i18n/index.ts';
import { Container } from '../../components/ui/container.tsx';
import { ProfessionalFiltersForm } from '../../features/professionals/components/professional-filters.tsx';
import { useSearchProfessionals } from '../../features/professionals/api/search-professionals.ts';
import { ProfessionalResults } from '../../features/professionals/components/professional-results.tsx';
import { filtersToApiQuery } from '../../features/professionals/search-filters.ts';
import { useProfessionalFilters } from '../../features/professionals/use-professional-filters.ts';
import { refusedFields } from '../../lib/server-errors.ts';
import { PageHeader } from './page-header.tsx';

export default function ProfessionalsPage() {
  const { t } = useTranslation('professionals');
  const filters = useProfessionalFilters();
  // The results ask the same query; this reads which filters the server refused, to name them on the form.
  const search = useSearchProfessionals(filtersToApiQuery(filters.applied));
  const refused = refusedFields(search.error, { emirate: 'region' });
  return (
    <>
      <title>{t('search_title')}</title>
      <PageHeader title={t('search_title')} subtitle={t('search_subtitle')} />
      <Container className="space-y-8 py-8 sm:py-10">
        <ProfessionalFiltersForm
          filters={filters.draft}
          errors={refused}
          onChange={filters.change}
          onSearch={filters.search}
          onClear={filters.clear}
        />
        <ProfessionalResults filters={filters.applied} onShowAll={filters.clear} />
      </Container>
    </>
  );
}
