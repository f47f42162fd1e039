import { companySizes, emirates, industries, projectSizes } from '@mihna/shared';
import { useTranslation } from 'react-i18next';
import type { Option } from '../components/ui/option-select.tsx';

/** Reference data as select options, named in the reader's language. */
export function useReferenceOptions() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const toOptions = (entries: readonly { id: string; name: { en: string; ar: string } }[]): Option[] =>
    entries.map((entry) => ({ value: entry.id, label: entry.name[language] }));
  return {
    emirates: toOptions(emirates),
    citiesOf: (emirateId: string | null | undefined) => toOptions(emirates.find((entry) => entry.id === emirateId)?.cities ?? []),
    industries: toOptions(industries),
    companySizes: toOptions(companySizes),
    projectSizes: toOptions(projectSizes),
  };
}
