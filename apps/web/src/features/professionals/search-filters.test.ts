import { describe, expect, it } from 'vitest';
import {
  changeFilter,
  emptyFilters,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  rateCurrency,
} from './search-filters.ts';

describe('changeFilter', () => {
  it('clears the emirate or region when the country changes', () => {
    const inDubai = { ...emptyFilters, country: 'AE', region: 'dubai' };
    expect(changeFilter(inDubai, 'country', 'SA')).toMatchObject({ country: 'SA', region: '' });
    expect(changeFilter(inDubai, 'country', '')).toMatchObject({ country: '', region: '' });
    expect(changeFilter(inDubai, 'q', 'react')).toMatchObject({ country: 'AE', region: 'dubai', q: 'react' });
  });

  it('clears the local service category and subcategory when the industry changes, the subcategory when the category does', () => {
    const cleaning = {
      ...emptyFilters,
      industry_category: 'local_services',
      local_service_category: 'cleaning_services',
      local_service_subcategory: 'maid_service',
    };
    expect(changeFilter(cleaning, 'industry_category', 'technology_it')).toMatchObject({
      local_service_category: '',
      local_service_subcategory: '',
    });
    expect(changeFilter(cleaning, 'local_service_category', 'personal_services')).toMatchObject({
      local_service_category: 'personal_services',
      local_service_subcategory: '',
    });
  });
});

describe('the filters in the URL', () => {
  it('round-trip, writing the region as emirate in the UAE and as region elsewhere', () => {
    const uae = { ...emptyFilters, q: 'designer', country: 'AE', region: 'sharjah', min_rate: '50', show_location: true };
    const uaeParams = filtersToSearchParams(uae);
    expect(uaeParams.toString()).toBe('q=designer&country=AE&emirate=sharjah&min_rate=50&show_location=true');
    expect(filtersFromSearchParams(uaeParams)).toEqual(uae);

    const saudi = { ...emptyFilters, country: 'SA', region: 'riyadh', sort_by: 'rate' as const };
    expect(filtersToSearchParams(saudi).toString()).toBe('sort_by=rate&country=SA&region=riyadh');
    expect(filtersFromSearchParams(filtersToSearchParams(saudi))).toEqual(saudi);
  });

  it('ignores an unknown sort, reads names as ids, and keeps an unknown country for the search to refuse', () => {
    expect(filtersFromSearchParams(new URLSearchParams('sort_by=cheapest'))).toEqual(emptyFilters);
    expect(filtersFromSearchParams(new URLSearchParams('country=XX')).country).toBe('XX');
    expect(filtersFromSearchParams(new URLSearchParams('country=Oman&region=Muscat'))).toMatchObject({ country: 'OM', region: 'muscat' });
    expect(filtersFromSearchParams(new URLSearchParams('emirate=dubai'))).toMatchObject({ country: 'AE', region: 'dubai' });
  });
});

describe('filtersToApiQuery', () => {
  it('sends the emirate for the UAE and the region for other countries', () => {
    expect(filtersToApiQuery({ ...emptyFilters, country: 'AE', region: 'dubai' })).toMatchObject({
      country: 'AE',
      emirate: 'dubai',
      region: undefined,
    });
    expect(filtersToApiQuery({ ...emptyFilters, country: 'OM', region: 'muscat' })).toMatchObject({
      country: 'OM',
      emirate: undefined,
      region: 'muscat',
    });
  });

  it('leaves out empty text and local services outside Local Services, and sends rates as typed for the server to judge', () => {
    const query = filtersToApiQuery({
      ...emptyFilters,
      q: '  ',
      min_rate: '-5',
      max_rate: '200',
      local_service_category: 'cleaning_services',
    });
    expect(query).toEqual({
      q: undefined,
      skills: undefined,
      sort_by: 'rating',
      country: undefined,
      emirate: undefined,
      region: undefined,
      min_rate: '-5',
      max_rate: '200',
      industry_category: undefined,
      local_service_category: undefined,
      local_service_subcategory: undefined,
      show_location: undefined,
    });
  });
});

describe('rateCurrency', () => {
  it("is the chosen country's currency, dirhams without a country", () => {
    expect(rateCurrency(emptyFilters)).toBe('AED');
    expect(rateCurrency({ ...emptyFilters, country: 'KW' })).toBe('KWD');
  });
});
