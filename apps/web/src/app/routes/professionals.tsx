import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container.tsx';
import { ProfessionalFiltersForm } from '../../features/professionals/components/professional-filters.tsx';
import { ProfessionalResults } from '../../features/professionals/components/professional-results.tsx';
import { useProfessionalFilters } from '../../features/professionals/use-professional-filters.ts';
import { PageHeader } from './page-header.tsx';

export default function ProfessionalsPage() {
  const { t } = useTranslation('professionals');
  const filters = useProfessionalFilters();
  return (
    <>
      <title>{t('search_title')}</title>
      <PageHeader title={t('search_title')} subtitle={t('search_subtitle')} />
      <Container className="space-y-8 py-8 sm:py-10">
        <ProfessionalFiltersForm filters={filters.draft} onChange={filters.change} onSearch={filters.search} onClear={filters.clear} />
        <ProfessionalResults filters={filters.applied} onShowAll={filters.clear} />
      </Container>
    </>
  );
}
