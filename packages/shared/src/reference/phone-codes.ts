import type { PhoneCountryCode } from './types.ts';

export const DEFAULT_PHONE_CODE = '+971';

export const phoneCountryCodes: readonly PhoneCountryCode[] = [
  { code: '+971', country: { en: 'United Arab Emirates', ar: 'الإمارات العربية المتحدة' }, iso: 'AE' },
  // +1 is shared by the US and Canada; one entry covers both.
  { code: '+1', country: { en: 'United States / Canada', ar: 'الولايات المتحدة / كندا' }, iso: 'US' },
  { code: '+44', country: { en: 'United Kingdom', ar: 'المملكة المتحدة' }, iso: 'GB' },
  { code: '+91', country: { en: 'India', ar: 'الهند' }, iso: 'IN' },
  { code: '+92', country: { en: 'Pakistan', ar: 'باكستان' }, iso: 'PK' },
  { code: '+63', country: { en: 'Philippines', ar: 'الفلبين' }, iso: 'PH' },
  { code: '+880', country: { en: 'Bangladesh', ar: 'بنغلاديش' }, iso: 'BD' },
  { code: '+94', country: { en: 'Sri Lanka', ar: 'سريلانكا' }, iso: 'LK' },
  { code: '+20', country: { en: 'Egypt', ar: 'مصر' }, iso: 'EG' },
  { code: '+961', country: { en: 'Lebanon', ar: 'لبنان' }, iso: 'LB' },
  { code: '+962', country: { en: 'Jordan', ar: 'الأردن' }, iso: 'JO' },
  { code: '+966', country: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' }, iso: 'SA' },
  { code: '+965', country: { en: 'Kuwait', ar: 'الكويت' }, iso: 'KW' },
  { code: '+973', country: { en: 'Bahrain', ar: 'البحرين' }, iso: 'BH' },
  { code: '+974', country: { en: 'Qatar', ar: 'قطر' }, iso: 'QA' },
  { code: '+968', country: { en: 'Oman', ar: 'عُمان' }, iso: 'OM' },
];
