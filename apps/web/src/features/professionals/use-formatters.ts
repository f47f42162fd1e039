import { convertAmount, type CurrencyCode } from '@mihna/shared';
import { useTranslation } from '../../i18n/index.ts';
import { currencySymbol, decimalsOf, formatDate, formatNumber, languageOf } from '../../lib/format.ts';

// The profile screens follow the UAE's conventions: '1 Mar 2025', and the locale's medium date style.
const uae = { country: 'AE' } as const;

/** Numbers, money and dates in the reader's language (Western digits, as elsewhere in Mihna). */
export function useFormatters() {
  const { t, i18n } = useTranslation('professionals');
  const language = languageOf(i18n.language);

  const money = (amount: number, currency: string) => {
    // Whole amounts without decimals (AED 12,000); others with all of the currency's (AED 2,500.50, never 2,500.5).
    const number = formatNumber(amount, language, { ...uae, fractionDigits: Number.isInteger(amount) ? 0 : decimalsOf(currency) });
    return t('money', { amount: number, currency: currencySymbol(currency, language) });
  };

  return {
    language,
    money,
    /**
     * 'AED 150/hr': users' hourly rates are kept in dirhams; a search filtered by another country's
     * currency shows them converted into it, so the cards read in the same money as the filter.
     */
    hourlyRate: (amount: number, currency: CurrencyCode = 'AED') => {
      const converted = convertAmount(amount, 'AED', currency);
      return t('per_hour', { amount: money(Number(converted.toFixed(decimalsOf(currency))), currency) });
    },
    rating: (value: number) => formatNumber(value, language, { ...uae, fractionDigits: 1 }),
    /** Counts, which are whole numbers. */
    number: (value: number) => formatNumber(value, language, uae),
    date: (value: string) => formatDate(value, language, { ...uae, dateStyle: 'medium' }),
  };
}
