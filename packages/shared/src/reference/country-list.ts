import type { CountrySummary, LocalizedName } from './types.ts';

/**
 * The six countries without their places: what a page needs to name a country, pick its currency or
 * its dialling code. Kept apart from their regions and cities (countries.ts), which only the screens
 * that ask for a place load.
 */

const governorate: LocalizedName = { en: 'Governorate', ar: 'المحافظة' };

export const countryList: readonly CountrySummary[] = [
  {
    code: 'AE',
    name: { en: 'United Arab Emirates', ar: 'الإمارات العربية المتحدة' },
    currency: 'AED',
    phoneCode: '+971',
    regionLabel: { en: 'Emirate', ar: 'الإمارة' },
  },
  {
    code: 'SA',
    name: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' },
    currency: 'SAR',
    phoneCode: '+966',
    regionLabel: { en: 'Region', ar: 'المنطقة' },
  },
  {
    code: 'QA',
    name: { en: 'Qatar', ar: 'قطر' },
    currency: 'QAR',
    phoneCode: '+974',
    regionLabel: { en: 'Municipality', ar: 'البلدية' },
  },
  {
    code: 'KW',
    name: { en: 'Kuwait', ar: 'الكويت' },
    currency: 'KWD',
    phoneCode: '+965',
    regionLabel: governorate,
  },
  {
    code: 'OM',
    name: { en: 'Oman', ar: 'عُمان' },
    currency: 'OMR',
    phoneCode: '+968',
    regionLabel: governorate,
  },
  {
    code: 'BH',
    name: { en: 'Bahrain', ar: 'البحرين' },
    currency: 'BHD',
    phoneCode: '+973',
    regionLabel: governorate,
  },
];
