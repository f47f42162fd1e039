import { describe, expect, it } from 'vitest';
import { cityName, countryDisplayName, findCityName, regionLabelOf, regionName, regionOptions } from './places.ts';

describe('countryDisplayName', () => {
  it('shortens the United Arab Emirates to UAE and names other countries in full', () => {
    expect(countryDisplayName('AE', 'en')).toBe('UAE');
    expect(countryDisplayName('AE', 'ar')).toBe('الإمارات');
    expect(countryDisplayName('SA', 'en')).toBe('Saudi Arabia');
    expect(countryDisplayName('', 'en')).toBeNull();
    expect(countryDisplayName('XX', 'en')).toBeNull();
  });
});

describe('regions', () => {
  it('lists the emirates when no country is chosen, else the country regions under its own label', () => {
    expect(regionOptions('', 'en').map((option) => option.value)).toContain('dubai');
    expect(regionLabelOf('', 'en')).toBe('Emirate');
    expect(regionOptions('KW', 'en').map((option) => option.value)).not.toContain('dubai');
    expect(regionLabelOf('KW', 'en')).toBe('Governorate');
    expect(regionLabelOf('QA', 'ar')).toBe('البلدية');
  });

  it('names regions and cities in the reader language', () => {
    expect(regionName('AE', 'dubai', 'ar')).toBe('دبي');
    expect(regionName('AE', null, 'en')).toBeNull();
    expect(cityName('AE', 'jebel_ali', 'en')).toBe('Jebel Ali');
    expect(cityName('AE', 'nowhere', 'en')).toBeNull();
  });
});

describe('findCityName', () => {
  it('finds a city from a link in its emirate, its country or any country', () => {
    expect(findCityName('al_ain', 'en', undefined, 'abu_dhabi')).toBe('Al Ain');
    expect(findCityName('riyadh', 'ar', 'SA')).toBe('الرياض');
    expect(findCityName('riyadh', 'en')).toBe('Riyadh');
    expect(findCityName('atlantis', 'en')).toBeNull();
  });
});
