import type { Currency } from './types.ts';

export const currencies: readonly Currency[] = [
  {
    code: 'AED',
    name: { en: 'UAE Dirham', ar: 'درهم إماراتي' },
    symbol: { en: 'AED', ar: 'د.إ' },
    decimals: 2,
    perUsd: 3.6725,
    isPegged: true,
  },
  {
    code: 'SAR',
    name: { en: 'Saudi Riyal', ar: 'ريال سعودي' },
    symbol: { en: 'SAR', ar: 'ر.س' },
    decimals: 2,
    perUsd: 3.75,
    isPegged: true,
  },
  {
    code: 'QAR',
    name: { en: 'Qatari Riyal', ar: 'ريال قطري' },
    symbol: { en: 'QAR', ar: 'ر.ق' },
    decimals: 2,
    perUsd: 3.64,
    isPegged: true,
  },
  {
    code: 'KWD',
    name: { en: 'Kuwaiti Dinar', ar: 'دينار كويتي' },
    symbol: { en: 'KWD', ar: 'د.ك' },
    decimals: 3,
    // Pegged to an undisclosed basket, not to USD: this is only a default configured rate.
    perUsd: 0.307,
    isPegged: false,
  },
  {
    code: 'OMR',
    name: { en: 'Omani Rial', ar: 'ريال عماني' },
    symbol: { en: 'OMR', ar: 'ر.ع.' },
    decimals: 3,
    perUsd: 0.3845,
    isPegged: true,
  },
  {
    code: 'BHD',
    name: { en: 'Bahraini Dinar', ar: 'دينار بحريني' },
    symbol: { en: 'BHD', ar: 'د.ب' },
    decimals: 3,
    perUsd: 0.376,
    isPegged: true,
  },
  {
    code: 'USD',
    name: { en: 'US Dollar', ar: 'دولار أمريكي' },
    symbol: { en: '$', ar: '$' },
    decimals: 2,
    perUsd: 1,
    isPegged: true,
  },
];
