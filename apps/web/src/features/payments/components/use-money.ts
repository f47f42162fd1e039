import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatDate, formatDateTime, languageOf } from '../../../lib/format.ts';

/** Amounts and dates of a payment in the reader's language, with the currency's own decimals. */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    language,
    amount: (value: number, currency: string) => formatAmount(value, currency, language),
    date: (value: string) => formatDate(value, language),
    dateTime: (value: string) => formatDateTime(value, language),
  };
}
