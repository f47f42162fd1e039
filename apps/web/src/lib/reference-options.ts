import { companySizes, emirates, industries, projectSizes } from '@mihna/shared';
import { useTranslation } from '../i18n/index.ts';
import { languageOf } from './format.ts';
import { cityOptions, toOptions } from './places.ts';

/** Reference data as select options, named in the reader's language. */
export function useReferenceOptions() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    emirates: toOptions(emirates, language),
    citiesOf: (emirateId: string | null | undefined) => cityOptions('AE', emirateId ?? '', language),
    industries: toOptions(industries, language),
    companySizes: toOptions(companySizes, language),
    projectSizes: toOptions(projectSizes, language),
  };
}
