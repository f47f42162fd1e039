import { currencyOfCountry, LOCAL_SERVICES_INDUSTRY_ID, professionalSorts } from '@mihna/shared';
import {
  readCountryParam,
  readIndustryParam,
  readRegionParam,
  readServiceCategoryParam,
  readServiceParam,
} from '../../lib/reference-params.ts';
import type { ProfessionalSearchQuery } from './api/search-professionals.ts';

export type ProfessionalSort = (typeof professionalSorts)[number];

/** The search form's values, as text the way the controls hold them; the URL keeps the same names. */
export interface ProfessionalFilters {
  q: string;
  skills: string;
  sort_by: ProfessionalSort;
  country: string;
  /** The emirate (UAE) or region (other countries) id. */
  region: string;
  min_rate: string;
  max_rate: string;
  industry_category: string;
  local_service_category: string;
  local_service_subcategory: string;
  show_location: boolean;
  identity_verified: boolean;
}

export const DEFAULT_SORT: ProfessionalSort = 'rating';

export const emptyFilters: ProfessionalFilters = {
  q: '',
  skills: '',
  sort_by: DEFAULT_SORT,
  country: '',
  region: '',
  min_rate: '',
  max_rate: '',
  industry_category: '',
  local_service_category: '',
  local_service_subcategory: '',
  show_location: false,
  identity_verified: false,
};

const isSort = (value: string | null): value is ProfessionalSort => professionalSorts.some((sort) => sort === value);
const isUae = (country: string) => country === 'AE';

/**
 * The filters a URL asks for: places and industries by id or name, read as ids (an unknown one kept
 * for the search to name); an emirate without a country is the UAE's.
 */
export function filtersFromSearchParams(params: URLSearchParams): ProfessionalFilters {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const sort = params.get('sort_by');
  const emirate = text('emirate');
  const country = readCountryParam(text('country')) || (emirate ? 'AE' : '');
  const category = readServiceCategoryParam(text('local_service_category'));
  return {
    q: text('q'),
    skills: text('skills'),
    sort_by: isSort(sort) ? sort : DEFAULT_SORT,
    country,
    region: readRegionParam(emirate || text('region'), country),
    min_rate: text('min_rate'),
    max_rate: text('max_rate'),
    industry_category: readIndustryParam(text('industry_category')),
    local_service_category: category,
    local_service_subcategory: readServiceParam(text('local_service_subcategory'), category),
    show_location: params.get('show_location') === 'true',
    identity_verified: params.get('identity_verified') === 'true',
  };
}

/** Only what differs from the defaults goes into the URL; the region is `emirate` in the UAE, as in project links. */
export function filtersToSearchParams(filters: ProfessionalFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => {
    if (value.trim()) params.set(name, value.trim());
  };
  set('q', filters.q);
  set('skills', filters.skills);
  if (filters.sort_by !== DEFAULT_SORT) params.set('sort_by', filters.sort_by);
  set('country', filters.country);
  set(isUae(filters.country) ? 'emirate' : 'region', filters.country ? filters.region : '');
  set('min_rate', filters.min_rate);
  set('max_rate', filters.max_rate);
  set('industry_category', filters.industry_category);
  set('local_service_category', filters.local_service_category);
  set('local_service_subcategory', filters.local_service_subcategory);
  if (filters.show_location) params.set('show_location', 'true');
  if (filters.identity_verified) params.set('identity_verified', 'true');
  return params;
}

/** A rate as typed (Arabic-Indic digits included): the server reads it, or names what is wrong with it. */
const rate = (value: string) => value.trim() || undefined;

/** The query of GET /api/search/professionals for these filters (rates in the country's currency). */
export function filtersToApiQuery(filters: ProfessionalFilters): ProfessionalSearchQuery {
  const region = filters.country && filters.region ? filters.region : undefined;
  const isLocalService = filters.industry_category === LOCAL_SERVICES_INDUSTRY_ID;
  return {
    q: filters.q.trim() || undefined,
    skills: filters.skills.trim() || undefined,
    sort_by: filters.sort_by,
    country: filters.country || undefined,
    emirate: isUae(filters.country) ? region : undefined,
    region: isUae(filters.country) ? undefined : region,
    min_rate: rate(filters.min_rate),
    max_rate: rate(filters.max_rate),
    industry_category: filters.industry_category || undefined,
    local_service_category: (isLocalService && filters.local_service_category) || undefined,
    local_service_subcategory: (isLocalService && filters.local_service_subcategory) || undefined,
    show_location: filters.show_location || undefined,
    identity_verified: filters.identity_verified || undefined,
  };
}

/**
 * One filter changed, with the fields that depend on it cleared: a new country clears the region,
 * a new industry clears the local service category and subcategory, a new category clears the subcategory.
 */
export function changeFilter<K extends keyof ProfessionalFilters>(
  filters: ProfessionalFilters,
  name: K,
  value: ProfessionalFilters[K],
): ProfessionalFilters {
  const next = { ...filters, [name]: value };
  if (name === 'country') next.region = '';
  if (name === 'industry_category') {
    next.local_service_category = '';
    next.local_service_subcategory = '';
  }
  if (name === 'local_service_category') next.local_service_subcategory = '';
  return next;
}

/** Rates are typed in the chosen country's currency, dirhams when no country is chosen. */
export const rateCurrency = (filters: ProfessionalFilters) => currencyOfCountry(filters.country || null);

export const sameFilters = (first: ProfessionalFilters, second: ProfessionalFilters) =>
  filtersToSearchParams(first).toString() === filtersToSearchParams(second).toString();
