import { describe, expect, it } from 'vitest';
import {
  companySizes,
  countries,
  currencies,
  DEFAULT_PHONE_CODE,
  emirates,
  findCountry,
  findRegion,
  industries,
  isCountryCode,
  LOCAL_SERVICES_INDUSTRY_ID,
  localServiceCategories,
  phoneCountryCodes,
  projectSizes,
  referenceData,
  type CountryCode,
  type LocalizedName,
} from './index.ts';

const SNAKE_CASE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const ARABIC_LETTER = /[\u0621-\u064A]/;

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function expectLocalized(name: LocalizedName, context: string): void {
  expect(name.en.trim(), `${context}: en`).not.toBe('');
  expect(name.ar.trim(), `${context}: ar`).not.toBe('');
  expect(name.ar, `${context}: ar has Arabic letters`).toMatch(ARABIC_LETTER);
  expect(name.en, `${context}: en has no Arabic letters`).not.toMatch(ARABIC_LETTER);
}

interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

const boxes: Record<CountryCode, Box> = {
  AE: { minLat: 22.5, maxLat: 26.5, minLng: 51, maxLng: 56.5 },
  SA: { minLat: 16, maxLat: 32.5, minLng: 34.5, maxLng: 56 },
  QA: { minLat: 24.4, maxLat: 26.3, minLng: 50.7, maxLng: 51.7 },
  KW: { minLat: 28.5, maxLat: 30.2, minLng: 46.5, maxLng: 48.5 },
  OM: { minLat: 16.5, maxLat: 26.5, minLng: 51.8, maxLng: 60 },
  BH: { minLat: 25.5, maxLat: 26.4, minLng: 50.3, maxLng: 50.9 },
};

const allCities = countries.flatMap((country) =>
  country.regions.flatMap((region) => region.cities.map((city) => ({ country, region, city }))),
);

describe('countries', () => {
  it('lists the six GCC countries in launch order with their dialling codes', () => {
    expect(countries.map((c) => c.code)).toEqual(['AE', 'SA', 'QA', 'KW', 'OM', 'BH']);
    expect(countries.map((c) => c.phoneCode)).toEqual(['+971', '+966', '+974', '+965', '+968', '+973']);
  });

  it('has the official number of first-level subdivisions', () => {
    const regionCounts = Object.fromEntries(countries.map((c) => [c.code, c.regions.length]));
    expect(regionCounts).toEqual({ AE: 7, SA: 13, QA: 8, KW: 6, OM: 11, BH: 4 });
  });

  it('exposes the emirates as the UAE regions, in order', () => {
    expect(emirates).toBe(findCountry('AE')?.regions);
    expect(emirates.map((e) => e.id)).toEqual(['abu_dhabi', 'dubai', 'sharjah', 'ajman', 'umm_al_quwain', 'ras_al_khaimah', 'fujairah']);
  });

  it('uses currencies that exist in the currency list', () => {
    const codes = new Set(currencies.map((c) => c.code));
    for (const country of countries) expect(codes.has(country.currency), country.code).toBe(true);
    expect(countries.map((c) => c.currency)).toEqual(['AED', 'SAR', 'QAR', 'KWD', 'OMR', 'BHD']);
  });

  it('has snake_case region and city ids that are unique within each country', () => {
    for (const country of countries) {
      const regionIds = country.regions.map((r) => r.id);
      const cityIds = country.regions.flatMap((r) => r.cities.map((c) => c.id));
      expect(duplicates(regionIds), `${country.code} region ids`).toEqual([]);
      expect(duplicates(cityIds), `${country.code} city ids`).toEqual([]);
      for (const id of [...regionIds, ...cityIds]) expect(id, country.code).toMatch(SNAKE_CASE);
    }
  });

  it('gives every region at least one city', () => {
    for (const country of countries) {
      for (const region of country.regions) {
        expect(region.cities.length, `${country.code}/${region.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('names every country, region label, region and city in English and Arabic', () => {
    for (const country of countries) {
      expectLocalized(country.name, country.code);
      expectLocalized(country.regionLabel, `${country.code} region label`);
      for (const region of country.regions) expectLocalized(region.name, `${country.code}/${region.id}`);
    }
    for (const { country, region, city } of allCities) {
      expectLocalized(city.name, `${country.code}/${region.id}/${city.id}`);
    }
  });

  it('places every city inside its country', () => {
    for (const { country, region, city } of allCities) {
      const box = boxes[country.code];
      const where = `${country.code}/${region.id}/${city.id} (${city.lat}, ${city.lng})`;
      expect(Number.isFinite(city.lat) && Number.isFinite(city.lng), where).toBe(true);
      expect(city.lat, where).toBeGreaterThanOrEqual(box.minLat);
      expect(city.lat, where).toBeLessThanOrEqual(box.maxLat);
      expect(city.lng, where).toBeGreaterThanOrEqual(box.minLng);
      expect(city.lng, where).toBeLessThanOrEqual(box.maxLng);
    }
  });

  it('does not give two cities the same coordinates', () => {
    const points = allCities.map(({ city }) => `${city.lat},${city.lng}`);
    expect(duplicates(points)).toEqual([]);
  });
});

describe('country helpers', () => {
  it('finds countries by code, ignoring case', () => {
    expect(findCountry('SA')?.name.en).toBe('Saudi Arabia');
    expect(findCountry('qa')?.code).toBe('QA');
    expect(findCountry('EG')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
  });

  it('finds regions within a country only', () => {
    expect(findRegion('AE', 'dubai')?.name.ar).toBe('دبي');
    expect(findRegion('SA', 'eastern_province')?.cities.some((c) => c.id === 'dammam')).toBe(true);
    expect(findRegion('SA', 'dubai')).toBeUndefined();
    expect(findRegion('XX', 'dubai')).toBeUndefined();
  });

  it('recognises exactly the supported country codes', () => {
    for (const code of ['AE', 'SA', 'QA', 'KW', 'OM', 'BH']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['ae', 'US', 'EG', '', 'UAE']) expect(isCountryCode(code)).toBe(false);
  });
});

describe('currencies', () => {
  it('covers the GCC currencies and USD once each', () => {
    expect(currencies.map((c) => c.code)).toEqual(['AED', 'SAR', 'QAR', 'KWD', 'OMR', 'BHD', 'USD']);
  });

  it('uses three decimals for the dinars and the rial, two for the others', () => {
    const decimals = Object.fromEntries(currencies.map((c) => [c.code, c.decimals]));
    expect(decimals).toEqual({ AED: 2, SAR: 2, QAR: 2, KWD: 3, OMR: 3, BHD: 3, USD: 2 });
  });

  it('keeps the official USD pegs and treats only KWD as floating', () => {
    const byCode = Object.fromEntries(currencies.map((c) => [c.code, c]));
    expect(byCode.AED?.perUsd).toBe(3.6725);
    expect(byCode.SAR?.perUsd).toBe(3.75);
    expect(byCode.QAR?.perUsd).toBe(3.64);
    expect(byCode.OMR?.perUsd).toBe(0.3845);
    expect(byCode.BHD?.perUsd).toBe(0.376);
    expect(byCode.USD?.perUsd).toBe(1);
    expect(byCode.KWD?.isPegged).toBe(false);
    expect(byCode.KWD?.perUsd).toBeGreaterThan(0.25);
    expect(byCode.KWD?.perUsd).toBeLessThan(0.35);
    expect(currencies.filter((c) => !c.isPegged).map((c) => c.code)).toEqual(['KWD']);
  });

  it('names every currency and its symbol in both languages', () => {
    for (const currency of currencies) {
      expectLocalized(currency.name, currency.code);
      expect(currency.symbol.en.trim(), currency.code).not.toBe('');
      expect(currency.symbol.ar.trim(), currency.code).not.toBe('');
    }
  });
});

describe('industries', () => {
  it('lists the 19 industries in order, starting with local services', () => {
    expect(industries).toHaveLength(19);
    expect(industries[0]?.id).toBe(LOCAL_SERVICES_INDUSTRY_ID);
    expect(industries.map((i) => i.name.en)).toEqual([
      'Local Services',
      'Technology & IT',
      'Healthcare & Medical',
      'Construction & Engineering',
      'Oil & Gas',
      'Finance & Banking',
      'Tourism & Hospitality',
      'Education & Training',
      'Real Estate',
      'Marketing & Digital Media',
      'Logistics & Transportation',
      'Retail & E-commerce',
      'Legal Services',
      'Consulting',
      'Design & Creative',
      'Manufacturing',
      'Automotive',
      'Aviation',
      'Government & Public Sector',
    ]);
  });

  it('has unique snake_case ids and bilingual names', () => {
    const ids = industries.map((i) => i.id);
    expect(duplicates(ids)).toEqual([]);
    for (const industry of industries) {
      expect(industry.id).toMatch(SNAKE_CASE);
      expectLocalized(industry.name, industry.id);
    }
  });
});

describe('local service categories', () => {
  it('has the five categories in order', () => {
    expect(localServiceCategories.map((c) => c.id)).toEqual([
      'cleaning_services',
      'personal_services',
      'trade_services',
      'transportation',
      'events',
    ]);
  });

  it('gives each category 6–10 bilingual sub-services with unique snake_case ids', () => {
    const allSubserviceIds = localServiceCategories.flatMap((c) => c.subservices.map((s) => s.id));
    expect(duplicates(allSubserviceIds)).toEqual([]);
    for (const category of localServiceCategories) {
      expect(category.id).toMatch(SNAKE_CASE);
      expectLocalized(category.name, category.id);
      expect(category.subservices.length, category.id).toBeGreaterThanOrEqual(6);
      expect(category.subservices.length, category.id).toBeLessThanOrEqual(10);
      for (const subservice of category.subservices) {
        expect(subservice.id).toMatch(SNAKE_CASE);
        expectLocalized(subservice.name, `${category.id}/${subservice.id}`);
      }
    }
  });
});

describe('phone country codes', () => {
  it('lists the 16 supported codes in order', () => {
    expect(phoneCountryCodes.map((p) => p.code)).toEqual([
      '+971',
      '+1',
      '+44',
      '+91',
      '+92',
      '+63',
      '+880',
      '+94',
      '+20',
      '+961',
      '+962',
      '+966',
      '+965',
      '+973',
      '+974',
      '+968',
    ]);
  });

  it('has well-formed, unique codes and ISO country codes', () => {
    expect(duplicates(phoneCountryCodes.map((p) => p.code))).toEqual([]);
    expect(duplicates(phoneCountryCodes.map((p) => p.iso))).toEqual([]);
    for (const entry of phoneCountryCodes) {
      expect(entry.code).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(entry.iso).toMatch(/^[A-Z]{2}$/);
      expectLocalized(entry.country, entry.code);
    }
  });

  it('defaults to the UAE and covers every supported country', () => {
    expect(DEFAULT_PHONE_CODE).toBe('+971');
    for (const country of countries) {
      const entry = phoneCountryCodes.find((p) => p.code === country.phoneCode);
      expect(entry?.iso, country.code).toBe(country.code);
    }
  });
});

describe('sizes', () => {
  it('has contiguous AED bands for project sizes', () => {
    expect(projectSizes.map((s) => s.id)).toEqual(['small', 'medium', 'large', 'enterprise', 'any']);
    const bands = projectSizes.filter((s) => s.id !== 'any');
    expect(bands[0]?.minAed).toBeNull();
    expect(bands.at(-1)?.maxAed).toBeNull();
    for (let i = 1; i < bands.length; i += 1) {
      expect(bands[i]?.minAed, bands[i]?.id).toBe(bands[i - 1]?.maxAed);
    }
    expect(projectSizes.map((s) => [s.minAed, s.maxAed])).toEqual([
      [null, 5_000],
      [5_000, 25_000],
      [25_000, 100_000],
      [100_000, null],
      [null, null],
    ]);
  });

  it('lists company sizes in ascending order', () => {
    expect(companySizes.map((s) => s.id)).toEqual(['1-10', '11-50', '51-200', '201-1000', '1000+']);
  });

  it('names every size in both languages', () => {
    for (const size of [...projectSizes, ...companySizes]) expectLocalized(size.name, size.id);
  });
});

describe('referenceData', () => {
  it('bundles the same lists that are exported individually', () => {
    expect(referenceData.countries).toBe(countries);
    expect(referenceData.emirates).toBe(emirates);
    expect(referenceData.currencies).toBe(currencies);
    expect(referenceData.industries).toBe(industries);
    expect(referenceData.localServiceCategories).toBe(localServiceCategories);
    expect(referenceData.phoneCountryCodes).toBe(phoneCountryCodes);
    expect(referenceData.projectSizes).toBe(projectSizes);
    expect(referenceData.companySizes).toBe(companySizes);
  });
});
