import { countries } from './countries.ts';
import { industries } from './industries.ts';
import { localServiceCategories } from './local-services.ts';
import type { Country, CountryCode, LocalizedName } from './types.ts';

/**
 * Reference values arrive as ids ('abu_dhabi'), English names ('Abu Dhabi') or Arabic names ('أبوظبي'),
 * typed in any case. Each resolver answers the one canonical id, or undefined when the value names
 * nothing we know: callers refuse it rather than store free text that no filter would ever match.
 */

/**
 * The form a name is compared in: lower case, Arabic without diacritics or tatweel and with one alef,
 * and every run of punctuation or spaces as one space ('Technology & IT' ≈ 'technology_it').
 */
export function referenceKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Named {
  id: string;
  name: LocalizedName;
}

// The reference lists never change, so each entry's keys are worked out once: every search with a
// filter used to normalise every entry of its list again.
const entryKeys = new WeakMap<Named, string[]>();
function keysOf(entry: Named) {
  let keys = entryKeys.get(entry);
  if (!keys) {
    keys = [referenceKey(entry.id), referenceKey(entry.name.en), referenceKey(entry.name.ar)];
    entryKeys.set(entry, keys);
  }
  return keys;
}
const matches = (entry: Named, key: string) => key !== '' && keysOf(entry).includes(key);

// Names people commonly use for a country besides its official one.
const countryAliases: Record<CountryCode, string[]> = {
  AE: ['UAE', 'U.A.E.', 'Emirates', 'الإمارات', 'الامارات'],
  SA: ['KSA', 'Saudi', 'السعودية'],
  QA: [],
  KW: [],
  OM: ['Sultanate of Oman', 'سلطنة عمان'],
  BH: ['Kingdom of Bahrain', 'مملكة البحرين'],
};

/** Words that mean "every country" ('All GCC Countries' in the country selector). */
const allCountriesKeys = new Set(['all', 'gcc', 'all gcc countries', 'all countries', 'جميع دول الخليج', 'كل الدول'].map(referenceKey));
export const isAllCountries = (value: string) => allCountriesKeys.has(referenceKey(value));

/** Every name a country is known by (its code, its names, its aliases), as keys, once. */
let countryKeys: Map<string, CountryCode> | undefined;

export function resolveCountry(value: string): CountryCode | undefined {
  const key = referenceKey(value);
  if (key === '') return undefined;
  if (!countryKeys) {
    countryKeys = new Map();
    for (const country of countries as Country[])
      for (const name of [country.code, country.name.en, country.name.ar, ...countryAliases[country.code]]) {
        const nameKey = referenceKey(name);
        // The first country that answers to a name keeps it, as a search through the list would find it.
        if (!countryKeys.has(nameKey)) countryKeys.set(nameKey, country.code);
      }
  }
  return countryKeys.get(key);
}

const countriesToSearch = (country: string | undefined) =>
  country ? countries.filter((candidate) => candidate.code === country) : countries;

/** An emirate or region: within the country when one is given, else in any (the UAE first). */
export function resolveRegion(value: string, country?: CountryCode): { country: CountryCode; id: string } | undefined {
  const key = referenceKey(value);
  for (const candidate of countriesToSearch(country)) {
    const region = candidate.regions.find((entry) => matches(entry, key));
    if (region) return { country: candidate.code, id: region.id };
  }
  return undefined;
}

/** A city: within the region when one is given, else anywhere in the country (or in any country). */
export function resolveCity(
  value: string,
  country?: CountryCode,
  regionId?: string,
): { country: CountryCode; region: string; id: string } | undefined {
  const key = referenceKey(value);
  for (const candidate of countriesToSearch(country)) {
    for (const region of candidate.regions) {
      if (regionId && region.id !== regionId) continue;
      const city = region.cities.find((entry) => matches(entry, key));
      if (city) return { country: candidate.code, region: region.id, id: city.id };
    }
  }
  return undefined;
}

export function resolveIndustry(value: string): string | undefined {
  const key = referenceKey(value);
  return industries.find((entry) => matches(entry, key))?.id;
}

export function resolveLocalServiceCategory(value: string): string | undefined {
  const key = referenceKey(value);
  return localServiceCategories.find((entry) => matches(entry, key))?.id;
}

/** A local service: within its category when one is given, else in any (the category comes with it). */
export function resolveLocalService(value: string, categoryId?: string): { category: string; id: string } | undefined {
  const key = referenceKey(value);
  for (const category of localServiceCategories) {
    if (categoryId && category.id !== categoryId) continue;
    const service = category.subservices.find((entry) => matches(entry, key));
    if (service) return { category: category.id, id: service.id };
  }
  return undefined;
}
