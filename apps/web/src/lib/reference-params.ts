import {
  isAllCountries,
  resolveCountry,
  resolveIndustry,
  resolveLocalService,
  resolveLocalServiceCategory,
  resolveRegion,
} from '@mihna/shared';

/**
 * Filters in a shared link may name places and industries as the API takes them: ids, or English or
 * Arabic names ('country=Saudi Arabia'). Known values become their ids; 'All GCC Countries' is no
 * country; anything unknown is kept as written, so the search answers that it is not known instead of
 * quietly showing everything.
 */
export function readCountryParam(value: string): string {
  if (!value || isAllCountries(value)) return '';
  return resolveCountry(value) ?? value;
}

export const readRegionParam = (value: string, country: string): string =>
  value ? (resolveRegion(value, resolveCountry(country) ?? 'AE')?.id ?? value) : '';

export const readIndustryParam = (value: string): string => (value ? (resolveIndustry(value) ?? value) : '');

export const readServiceCategoryParam = (value: string): string => (value ? (resolveLocalServiceCategory(value) ?? value) : '');

export const readServiceParam = (value: string, category: string): string =>
  value ? (resolveLocalService(value, category || undefined)?.id ?? value) : '';
