import { featuredFee, isCountryCode, parseMoney, readNumber, type CurrencyCode, currencyOfCountry, type Money } from '@mihna/shared';

/** The post-project form's fields whose choice decides what other fields may hold. */
export interface CascadingValues {
  country: string;
  emirate: string;
  city: string;
  industry_category: string;
  local_service_category: string;
  local_service_subcategory: string;
  payment_method: 'escrow' | 'cash';
}

/**
 * The fields to reset when one changes: a new country empties the emirate or region (and so the city
 * and cash payment, which is for the same emirate only); a new emirate empties the city, and no emirate
 * means escrow; a new industry empties the local service fields; a new category empties its subcategory.
 */
export function cascadeChange(field: keyof CascadingValues, value: string, values: CascadingValues): Partial<CascadingValues> {
  if (value === values[field]) return {};
  switch (field) {
    case 'country':
      return { emirate: '', city: '', payment_method: 'escrow' };
    case 'emirate':
      return value ? { city: '' } : { city: '', payment_method: 'escrow' };
    case 'industry_category':
      return { local_service_category: '', local_service_subcategory: '' };
    case 'local_service_category':
      return { local_service_subcategory: '' };
    default:
      return {};
  }
}

export const isCashAllowed = (values: Pick<CascadingValues, 'emirate'>) => values.emirate !== '';

/** The budget currency of the chosen country (AED when none is chosen). */
export const currencyOfForm = (country: string): CurrencyCode => currencyOfCountry(isCountryCode(country) ? country : null);

/** The featuring fee for the budgets typed so far, or null while they are not numbers. */
export function liveFeaturedFee(budgetMin: string, budgetMax: string, currency: CurrencyCode): Money | null {
  // Typed as people type: Arabic-Indic digits and grouped thousands read as numbers.
  const parse = (text: string) => {
    const value = readNumber(text);
    const parsed = typeof value === 'number' ? parseMoney(value, currency) : 'not_a_number';
    return typeof parsed === 'string' || parsed.minor < 0 ? null : parsed;
  };
  const min = parse(budgetMin);
  const max = parse(budgetMax);
  return min && max ? featuredFee(min, max) : null;
}
