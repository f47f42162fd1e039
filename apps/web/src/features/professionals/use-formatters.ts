import { useTranslation } from 'react-i18next';
import { currencySymbol, type Language } from './display.ts';

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Numbers, money and dates in the reader's language (Western digits, as elsewhere in Mihna). */
export function useFormatters() {
  const { t, i18n } = useTranslation('professionals');
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE';

  const money = (amount: number, currency: string) => {
    const { symbol, decimals } = currencySymbol(currency, language);
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(amount);
    return t('money', { amount: number, currency: symbol });
  };

  return {
    language,
    money,
    /** 'AED 150/hr': users' hourly rates are in dirhams. */
    hourlyRate: (amount: number) => t('per_hour', { amount: money(amount, 'AED') }),
    rating: (value: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    // A bare calendar date (a completion date) is the same day everywhere; a timestamp is shown in local time.
    date: (value: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: isCalendarDate(value) ? 'UTC' : undefined }).format(new Date(value)),
  };
}
