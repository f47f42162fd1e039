import { countries, emirates } from './countries.ts';
import { currencies } from './currencies.ts';
import { industries } from './industries.ts';
import { localServiceCategories } from './local-services.ts';
import { phoneCountryCodes } from './phone-codes.ts';
import { companySizes, projectSizes } from './sizes.ts';

export type {
  City,
  CompanySize,
  Country,
  CountryCode,
  CountrySummary,
  Currency,
  CurrencyCode,
  Industry,
  LocalServiceCategory,
  LocalizedName,
  PhoneCountryCode,
  ProjectSize,
  Region,
} from './types.ts';
export { countries, emirates, findCountry, findRegion, isCountryCode } from './countries.ts';
export { countryList } from './country-list.ts';
export { distanceKm, placeOf, places, placesWithin, type Place, type Point } from './places.ts';
export { currencies } from './currencies.ts';
export { industries, LOCAL_SERVICES_INDUSTRY_ID } from './industries.ts';
export { localServiceCategories } from './local-services.ts';
export { DEFAULT_PHONE_CODE, phoneCountryCodes } from './phone-codes.ts';
export { companySizes, projectSizes } from './sizes.ts';

export const referenceData = {
  countries,
  emirates,
  currencies,
  industries,
  localServiceCategories,
  phoneCountryCodes,
  projectSizes,
  companySizes,
} as const;

export type ReferenceData = typeof referenceData;
