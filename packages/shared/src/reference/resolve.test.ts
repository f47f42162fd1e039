import { describe, expect, it } from 'vitest';
import { resolveReferenceFields } from '../reference-fields.ts';
import { isAllCountries, resolveCity, resolveCountry, resolveIndustry, resolveLocalService, resolveRegion } from './resolve.ts';

describe('reference resolution', () => {
  it('reads countries by code, English or Arabic name and common short names', () => {
    for (const value of ['AE', 'ae', 'United Arab Emirates', 'UAE', 'الإمارات العربية المتحدة'])
      expect(resolveCountry(value), value).toBe('AE');
    for (const value of ['SA', 'saudi arabia', 'KSA', 'المملكة العربية السعودية', 'السعودية'])
      expect(resolveCountry(value), value).toBe('SA');
    expect(resolveCountry('Atlantis')).toBeUndefined();
    expect(isAllCountries('All GCC Countries')).toBe(true);
  });

  it('reads regions and cities within their country, ignoring case, punctuation and Arabic diacritics', () => {
    expect(resolveRegion('ABU DHABI', 'AE')).toEqual({ country: 'AE', id: 'abu_dhabi' });
    expect(resolveRegion('أبوظبي', 'AE')).toEqual({ country: 'AE', id: 'abu_dhabi' });
    expect(resolveRegion('abu-dhabi')).toEqual({ country: 'AE', id: 'abu_dhabi' });
    expect(resolveRegion('dubai', 'SA')).toBeUndefined();
    expect(resolveCity('جدة', 'SA')).toEqual({ country: 'SA', region: 'makkah', id: 'jeddah' });
    expect(resolveCity('al ain', 'AE', 'dubai')).toBeUndefined();
  });

  it('reads industries and local services by id or name', () => {
    expect(resolveIndustry('Technology & IT')).toBe('technology_it');
    expect(resolveIndustry('التكنولوجيا وتقنية المعلومات')).toBe('technology_it');
    expect(resolveLocalService('Plumber')).toEqual({ category: 'trade_services', id: 'plumber' });
    expect(resolveLocalService('plumber', 'events')).toBeUndefined();
  });

  it('resolves a set of fields to ids, filling a city’s region, and names each unknown field', () => {
    const { values, issues } = resolveReferenceFields(
      { country: 'Oman', emirate: '', city: 'Sohar', industry_category: 'Alchemy' },
      { country: 'AE' },
    );
    expect(values).toMatchObject({ country: 'OM', city: 'sohar', emirate: 'al_batinah_north' });
    expect(issues).toEqual([{ field: 'industry_category', message: 'Not a known industry' }]);
  });
});
