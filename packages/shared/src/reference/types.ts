export interface LocalizedName {
  en: string;
  ar: string;
}

export interface City {
  /** snake_case ASCII slug, unique within the country. */
  id: string;
  name: LocalizedName;
  lat: number;
  lng: number;
}

export interface Region {
  /** snake_case ASCII slug, unique within the country. */
  id: string;
  name: LocalizedName;
  cities: readonly City[];
}

export type CountryCode = 'AE' | 'SA' | 'QA' | 'KW' | 'OM' | 'BH';

export type CurrencyCode = 'AED' | 'SAR' | 'QAR' | 'KWD' | 'OMR' | 'BHD' | 'USD';

export interface Currency {
  code: CurrencyCode;
  name: LocalizedName;
  symbol: LocalizedName;
  decimals: 2 | 3;
  /** Units of this currency per 1 USD. */
  perUsd: number;
  isPegged: boolean;
}

export interface CountrySummary {
  code: CountryCode;
  name: LocalizedName;
  currency: CurrencyCode;
  phoneCode: string;
  /** What the country calls its first-level subdivisions (Emirate, Region, Governorate…). */
  regionLabel: LocalizedName;
}

export interface Country extends CountrySummary {
  regions: readonly Region[];
}

export interface Industry {
  id: string;
  name: LocalizedName;
}

export interface LocalServiceCategory {
  id: string;
  name: LocalizedName;
  subservices: readonly { id: string; name: LocalizedName }[];
}

export interface PhoneCountryCode {
  code: string;
  country: LocalizedName;
  iso: string;
}

export interface ProjectSize {
  id: 'small' | 'medium' | 'large' | 'enterprise' | 'any';
  name: LocalizedName;
  /** Inclusive lower bound in AED; null means unbounded. */
  minAed: number | null;
  /** Exclusive upper bound in AED; null means unbounded. */
  maxAed: number | null;
}

export interface CompanySize {
  id: '1-10' | '11-50' | '51-200' | '201-1000' | '1000+';
  name: LocalizedName;
}
