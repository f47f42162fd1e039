import {
  currencyOfCountry,
  jobSorts,
  jobTypes,
  LOCAL_SERVICES_INDUSTRY_ID,
  NEARBY_RADIUS_KM,
  PROJECT_PAGE_SIZE,
  readNumber,
} from '@mihna/shared';
import type { Language } from '../../../lib/format.ts';
import { findCityName } from '../../../lib/places.ts';
import {
  readCountryParam,
  readIndustryParam,
  readRegionParam,
  readServiceCategoryParam,
  readServiceParam,
} from '../../../lib/reference-params.ts';

/** The project search's filters as the form holds them: every value a string, '' meaning "any". */
export interface ProjectFilters {
  q: string;
  skills: string;
  job_type: string;
  country: string;
  /** The emirate (UAE or no country) or the country's region. */
  region: string;
  industry_category: string;
  local_service_category: string;
  local_service_subcategory: string;
  min_budget: string;
  max_budget: string;
  /** A point to search around (the reader's position, to two decimals) and how far: all three or none. */
  near_lat: string;
  near_lng: string;
  radius_km: string;
  sort_by: string;
}

export type FilterField = keyof ProjectFilters;

export const emptyFilters: ProjectFilters = {
  q: '',
  skills: '',
  job_type: '',
  country: '',
  region: '',
  industry_category: '',
  local_service_category: '',
  local_service_subcategory: '',
  min_budget: '',
  max_budget: '',
  near_lat: '',
  near_lng: '',
  radius_km: '',
  sort_by: 'created_at',
};

/** The radii offered around a point, in km (§9 allows 1-100). */
export const nearbyRadii = [5, 10, 25, 50, 100] as const;

/** The radius searched around the point, in km: as typed (Arabic digits too), else the default. */
export function radiusKmOf(filters: Pick<ProjectFilters, 'radius_km'>) {
  const typed = readNumber(filters.radius_km);
  return typeof typed === 'number' && Number.isFinite(typed) ? typed : NEARBY_RADIUS_KM.default;
}

export const hasPoint = (filters: Pick<ProjectFilters, 'near_lat' | 'near_lng'>) => filters.near_lat !== '' && filters.near_lng !== '';

/** Typed fields wait for the reader to pause; choices apply at once. */
export const typedFields: readonly FilterField[] = ['q', 'skills', 'min_budget', 'max_budget'];

/** Emirates are asked for as `emirate` (UAE, or no country: the emirate list); other countries' regions as `region`. */
export const regionParamOf = (country: string) => (country && country !== 'AE' ? 'region' : 'emirate');

export const isLocalServices = (filters: Pick<ProjectFilters, 'industry_category'>) =>
  filters.industry_category === LOCAL_SERVICES_INDUSTRY_ID;

/** The currency budgets are typed in: the chosen country's, AED without one. */
export const filterCurrency = (filters: Pick<ProjectFilters, 'country'>) => currencyOfCountry(filters.country || null);

/**
 * Sets one filter and clears what depended on it: the emirate or region when the country changes, the
 * local service fields when the industry changes, the subcategory when the category changes.
 */
export function changeFilter(filters: ProjectFilters, field: FilterField, value: string): ProjectFilters {
  const next = { ...filters, [field]: value };
  if (field === 'country' && value !== filters.country) next.region = '';
  if (field === 'industry_category' && value !== filters.industry_category) {
    next.local_service_category = '';
    next.local_service_subcategory = '';
  }
  if (field === 'local_service_category' && value !== filters.local_service_category) next.local_service_subcategory = '';
  // Without a point there is no radius and no nearest first.
  if ((field === 'near_lat' || field === 'near_lng') && value === '') {
    Object.assign(next, { near_lat: '', near_lng: '', radius_km: '' });
    if (next.sort_by === 'distance') next.sort_by = 'created_at';
  }
  return next;
}

const oneOf = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/**
 * The filters a URL asks for. Places and industries may be ids or names, and read as ids; an unknown
 * one is kept for the search to name ('Not a known country'), and 'All GCC Countries' means every
 * country. A `city` from a link goes into the text search under its name in the reader's language when
 * no text search is given. Budgets stay as typed, for the server to judge.
 */
export function readFilters(params: URLSearchParams, language: Language): ProjectFilters {
  const get = (key: string) => params.get(key)?.trim() ?? '';
  const country = readCountryParam(get('country'));
  const region = readRegionParam(get(regionParamOf(country)) || get('emirate') || get('region'), country);
  const industry = readIndustryParam(get('industry_category'));
  const isLocal = industry === LOCAL_SERVICES_INDUSTRY_ID;
  const category = isLocal ? readServiceCategoryParam(get('local_service_category')) : '';
  const subcategory = isLocal ? readServiceParam(get('local_service_subcategory'), category) : '';
  const city = get('city');
  const q = get('q') || (city ? (findCityName(city, language, country || undefined, region || undefined) ?? city) : '');
  return {
    q,
    skills: get('skills'),
    job_type: oneOf(get('job_type'), jobTypes),
    country,
    region,
    industry_category: industry,
    local_service_category: category,
    local_service_subcategory: subcategory,
    // Kept as typed (Arabic-Indic digits included): the server reads them, and answers a clear message for a bad one.
    min_budget: get('min_budget').slice(0, 40),
    max_budget: get('max_budget').slice(0, 40),
    ...readPoint(get),
  };
}

/** A whole point and its radius as typed (for the server to judge), or none; nearest first only with a point. */
function readPoint(get: (key: string) => string): Pick<ProjectFilters, 'near_lat' | 'near_lng' | 'radius_km' | 'sort_by'> {
  const point = {
    near_lat: get('near_lat').slice(0, 20),
    near_lng: get('near_lng').slice(0, 20),
    radius_km: get('radius_km').slice(0, 10),
  };
  const sort = oneOf(get('sort_by'), jobSorts) || 'created_at';
  if (!hasPoint(point)) return { near_lat: '', near_lng: '', radius_km: '', sort_by: sort === 'distance' ? 'created_at' : sort };
  return { ...point, sort_by: sort };
}

/** The URL query that keeps the filters across back and refresh: only what is set, the default sort left out. */
export function writeFilters(filters: ProjectFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => {
    if (value.trim()) params.set(key, value.trim());
  };
  set('q', filters.q);
  set('skills', filters.skills);
  set('job_type', filters.job_type);
  set('country', filters.country);
  set(regionParamOf(filters.country), filters.region);
  set('industry_category', filters.industry_category);
  if (isLocalServices(filters)) {
    set('local_service_category', filters.local_service_category);
    set('local_service_subcategory', filters.local_service_subcategory);
  }
  set('min_budget', filters.min_budget);
  set('max_budget', filters.max_budget);
  set('near_lat', filters.near_lat);
  set('near_lng', filters.near_lng);
  set('radius_km', filters.radius_km);
  if (filters.sort_by !== 'created_at') set('sort_by', filters.sort_by);
  return params;
}

export type JobSearchQuery = Record<string, string | number>;

/** The GET /api/search/jobs query for the filters (a page's cursor is added by the caller). */
export function toSearchQuery(filters: ProjectFilters): JobSearchQuery {
  const query: JobSearchQuery = { limit: PROJECT_PAGE_SIZE, sort_by: filters.sort_by || 'created_at' };
  for (const [key, value] of writeFilters(filters)) query[key] = value;
  return query;
}
