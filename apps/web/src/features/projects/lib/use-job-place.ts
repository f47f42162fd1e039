import type { JobCard } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { languageOf } from '../../../lib/format.ts';
import { cityName, regionName } from '../../../lib/places.ts';
import { useReferenceOptions } from '../../../lib/reference-options.ts';

/** A job's region (the emirate in the UAE), city and industry in the reader's language; no city that repeats the region. */
export function useJobPlace(job: Pick<JobCard, 'country' | 'region' | 'emirate' | 'city' | 'industry_category'>) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const reference = useReferenceOptions();
  const region = regionName(job.country, job.region ?? job.emirate, language);
  const city = cityName(job.country, job.city, language);
  return {
    region,
    city: city !== region ? city : null,
    industry: reference.industries.find((option) => option.value === job.industry_category)?.label,
  };
}
