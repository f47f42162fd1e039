import { describe, expect, it } from 'vitest';
import {
  changeFilter,
  emptyFilters,
  filterCurrency,
  readFilters,
  toSearchQuery,
  writeFilters,
  type ProjectFilters,
} from './search-filters.ts';
import { nearbyQuery } from '../../../lib/geolocation.ts';

const read = (query: string, language: 'en' | 'ar' = 'en') => readFilters(new URLSearchParams(query), language);

describe('readFilters (URL prefill)', () => {
  it('prefills country and emirate, and puts the city into the text search under its name', () => {
    expect(read('country=AE&emirate=dubai&city=jebel_ali')).toEqual({ ...emptyFilters, country: 'AE', region: 'dubai', q: 'Jebel Ali' });
  });

  it('names the city in the reader language', () => {
    expect(read('emirate=abu_dhabi&city=al_ain', 'ar')).toMatchObject({ country: '', region: 'abu_dhabi', q: 'العين' });
  });

  it('keeps a text search over a city, and an unknown city as it was written', () => {
    expect(read('city=dubai&q=plumber').q).toBe('plumber');
    expect(read('city=Springfield').q).toBe('Springfield');
  });

  it("reads 'All GCC Countries' as every country, names as ids, and keeps an unknown country for the search to refuse", () => {
    expect(read('country=All%20GCC%20Countries').country).toBe('');
    expect(read('country=kw').country).toBe('KW');
    expect(read('country=Saudi%20Arabia&region=%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6')).toMatchObject({ country: 'SA', region: 'riyadh' });
    expect(read('country=France').country).toBe('France');
  });

  it('reads the region of a country other than the UAE, and keeps one the country does not have for the search to refuse', () => {
    expect(read('country=SA&region=riyadh').region).toBe('riyadh');
    expect(read('country=SA&emirate=dubai').region).toBe('dubai');
    expect(read('emirate=Abu%20Dhabi').region).toBe('abu_dhabi');
  });

  it('keeps budgets as typed, for the server to read Arabic digits or refuse with a message', () => {
    expect(read('min_budget=abc&max_budget=%D9%A5%D9%A0%D9%A0')).toMatchObject({ min_budget: 'abc', max_budget: '٥٠٠' });
  });

  it('drops choices that are not choices, and local service fields outside Local Services', () => {
    expect(read('job_type=weekly&sort_by=random&max_budget=500')).toEqual({ ...emptyFilters, max_budget: '500' });
    expect(read('industry_category=technology_it&local_service_category=cleaning_services')).toMatchObject({
      industry_category: 'technology_it',
      local_service_category: '',
    });
    expect(
      read('industry_category=local_services&local_service_category=cleaning_services&local_service_subcategory=maid_service'),
    ).toMatchObject({ local_service_category: 'cleaning_services', local_service_subcategory: 'maid_service' });
    expect(read('industry_category=Local%20Services&local_service_subcategory=Plumber')).toMatchObject({
      industry_category: 'local_services',
      local_service_subcategory: 'plumber',
    });
  });
});

describe('writeFilters', () => {
  const filters: ProjectFilters = {
    ...emptyFilters,
    q: ' plumber ',
    country: 'OM',
    region: 'muscat',
    job_type: 'fixed',
    min_budget: '100',
    sort_by: 'budget',
  };

  it('keeps only what is set, with the region of a country other than the UAE as `region`', () => {
    expect(writeFilters(filters).toString()).toBe('q=plumber&job_type=fixed&country=OM&region=muscat&min_budget=100&sort_by=budget');
  });

  it('writes the emirate as `emirate` with no country or the UAE, and leaves out the default sort', () => {
    expect(writeFilters({ ...emptyFilters, region: 'dubai' }).toString()).toBe('emirate=dubai');
    expect(writeFilters({ ...emptyFilters, country: 'AE', region: 'dubai' }).toString()).toBe('country=AE&emirate=dubai');
    expect(writeFilters(emptyFilters).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const local = {
      ...emptyFilters,
      industry_category: 'local_services',
      local_service_category: 'cleaning_services',
      local_service_subcategory: 'maid_service',
    };
    expect(readFilters(writeFilters(local), 'en')).toEqual(local);
    expect(readFilters(writeFilters({ ...filters, q: 'plumber' }), 'en')).toEqual({ ...filters, q: 'plumber' });
    const near = { ...emptyFilters, near_lat: '25.08', near_lng: '55.14', radius_km: '10', sort_by: 'distance' };
    expect(readFilters(writeFilters(near), 'en')).toEqual(near);
  });
});

describe('a nearby search in the URL', () => {
  it('is a whole point or none: half a point, and nearest first without one, are dropped', () => {
    expect(read('near_lat=25.08&near_lng=55.14&sort_by=distance')).toMatchObject({
      near_lat: '25.08',
      near_lng: '55.14',
      sort_by: 'distance',
    });
    expect(read('near_lat=25.08&radius_km=10&sort_by=distance')).toMatchObject({
      near_lat: '',
      near_lng: '',
      radius_km: '',
      sort_by: 'created_at',
    });
    // Arabic-Indic digits stay as typed for the server to read.
    expect(read('near_lat=٢٥٫٠٨&near_lng=٥٥٫١٤').near_lat).toBe('٢٥٫٠٨');
  });

  it('rounds a position to two decimals, 25 km, nearest first; and leaving the point leaves its radius and order', () => {
    expect(nearbyQuery({ latitude: 25.080512, longitude: 55.140371 })).toEqual({
      near_lat: '25.08',
      near_lng: '55.14',
      radius_km: '25',
      sort_by: 'distance',
    });
    const near = { ...emptyFilters, near_lat: '25.08', near_lng: '55.14', radius_km: '10', sort_by: 'distance' };
    expect(changeFilter(near, 'near_lat', '')).toEqual(emptyFilters);
    expect(changeFilter({ ...near, sort_by: 'budget' }, 'near_lat', '')).toEqual({ ...emptyFilters, sort_by: 'budget' });
  });
});

describe('toSearchQuery', () => {
  it('asks for a page of 20 with the sort and every set filter', () => {
    expect(toSearchQuery({ ...emptyFilters, skills: 'react', country: 'AE', region: 'sharjah', max_budget: '900' })).toEqual({
      limit: 20,
      sort_by: 'created_at',
      skills: 'react',
      country: 'AE',
      emirate: 'sharjah',
      max_budget: '900',
    });
  });
});

describe('changeFilter (clearing rules)', () => {
  const filters: ProjectFilters = {
    ...emptyFilters,
    country: 'AE',
    region: 'dubai',
    industry_category: 'local_services',
    local_service_category: 'cleaning_services',
    local_service_subcategory: 'maid_service',
  };

  it('clears the emirate or region when the country changes', () => {
    expect(changeFilter(filters, 'country', 'QA')).toMatchObject({ country: 'QA', region: '' });
    expect(changeFilter(filters, 'country', 'AE').region).toBe('dubai');
  });

  it('clears the local service fields when the industry changes, and the subcategory when the category changes', () => {
    expect(changeFilter(filters, 'industry_category', 'technology_it')).toMatchObject({
      local_service_category: '',
      local_service_subcategory: '',
    });
    expect(changeFilter(filters, 'local_service_category', 'personal_services')).toMatchObject({
      local_service_category: 'personal_services',
      local_service_subcategory: '',
    });
  });

  it('leaves the other filters alone', () => {
    expect(changeFilter(filters, 'q', 'cleaner')).toEqual({ ...filters, q: 'cleaner' });
  });
});

describe('filterCurrency', () => {
  it('is the chosen country currency, AED with none', () => {
    expect(filterCurrency({ country: 'BH' })).toBe('BHD');
    expect(filterCurrency({ country: '' })).toBe('AED');
  });
});
