import { countries, findCountry, findRegion, localServiceCategories, type CountryCode, type LocalizedName } from '@mihna/shared';
import type { Option } from '../components/ui/option-select.tsx';
import type { Language } from './format.ts';

/** Reference entries (regions, industries, sizes…) as select options named in the reader's language. */
export const toOptions = (entries: readonly { id: string; name: LocalizedName }[], language: Language): Option[] =>
  entries.map((entry) => ({ value: entry.id, label: entry.name[language] }));

export const countryOptions = (language: Language): Option[] =>
  countries.map((country) => ({ value: country.code, label: country.name[language] }));

/** The emirates when no country is chosen (the search's 'All Emirates (UAE)'), else the country's regions. */
export const regionOptions = (countryCode: string, language: Language): Option[] =>
  toOptions(findCountry(countryCode || 'AE')?.regions ?? [], language);

export const cityOptions = (countryCode: string, regionId: string, language: Language): Option[] =>
  regionId ? toOptions(findRegion(countryCode || 'AE', regionId)?.cities ?? [], language) : [];

export const localServiceOptions = (language: Language): Option[] => toOptions(localServiceCategories, language);

export const subserviceOptions = (categoryId: string, language: Language): Option[] =>
  toOptions(localServiceCategories.find((category) => category.id === categoryId)?.subservices ?? [], language);

/** What the country calls its first-level subdivisions ('Emirate' without a country). */
export const regionLabelOf = (countryCode: string, language: Language): string =>
  (findCountry(countryCode || 'AE') ?? countries[0])?.regionLabel[language] ?? '';

/** A country's name, with the United Arab Emirates shortened as the page titles say it ('UAE'). */
export function countryDisplayName(countryCode: string, language: Language): string | null {
  const country = countryCode ? findCountry(countryCode) : undefined;
  if (!country) return null;
  if (country.code === 'AE') return language === 'ar' ? 'الإمارات' : 'UAE';
  return country.name[language];
}

export const regionName = (countryCode: string, regionId: string | null, language: Language): string | null =>
  (regionId && findRegion(countryCode, regionId)?.name[language]) || null;

export function cityName(countryCode: string, cityId: string | null, language: Language): string | null {
  if (!cityId) return null;
  const country = findCountry(countryCode);
  const city = country?.regions.flatMap((region) => region.cities).find((candidate) => candidate.id === cityId);
  return city?.name[language] ?? null;
}

/**
 * The display name of a city id from a link (/projects?emirate=dubai&city=jebel_ali), looked up in the
 * emirate or region first, then the country, then every country; null when nothing knows it.
 */
export function findCityName(cityId: string, language: Language, countryCode?: string, regionId?: string): string | null {
  const inRegion = regionId ? findRegion(countryCode || 'AE', regionId)?.cities.find((city) => city.id === cityId) : undefined;
  if (inRegion) return inRegion.name[language];
  const searchOrder: readonly { code: CountryCode }[] = countryCode ? [{ code: countryCode as CountryCode }, ...countries] : countries;
  for (const { code } of searchOrder) {
    const name = cityName(code, cityId, language);
    if (name) return name;
  }
  return null;
}
