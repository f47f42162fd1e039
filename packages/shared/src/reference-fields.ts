import type { z } from 'zod';
import {
  isAllCountries,
  resolveCity,
  resolveCountry,
  resolveIndustry,
  resolveLocalService,
  resolveLocalServiceCategory,
  resolveRegion,
} from './reference/resolve.ts';
import type { CountryCode } from './reference/types.ts';

/** What a refused reference value is called, in the words the screens translate. */
export const referenceMessages = {
  country: 'Not a known country',
  emirate: 'Not a known emirate',
  region: 'Not a known region',
  city: 'Not a known city',
  industry: 'Not a known industry',
  localServiceCategory: 'Not a known local service category',
  localService: 'Not a known local service',
} as const;

type Value = string | null | undefined;

/** The reference fields an input may carry; `emirate` and `region` both name the country's first-level region. */
export interface ReferenceFields {
  country?: Value;
  emirate?: Value;
  region?: Value;
  city?: Value;
  industry_category?: Value;
  local_service_category?: Value;
  local_service_subcategory?: Value;
}

export interface ReferenceIssue {
  field: keyof ReferenceFields;
  message: (typeof referenceMessages)[keyof typeof referenceMessages];
}

interface ResolveOptions {
  /** The country a region or city belongs to when the input names none (a user's stored country). */
  country?: CountryCode | undefined;
  /** 'All GCC Countries' reads as no country (search filters), instead of an unknown one. */
  allowAllCountries?: boolean;
}

const isGiven = (value: Value): value is string => typeof value === 'string' && value.trim() !== '';
const fields = [
  'country',
  'emirate',
  'region',
  'city',
  'industry_category',
  'local_service_category',
  'local_service_subcategory',
] as const;

/**
 * Every reference field present, as its canonical id: countries as ISO codes, the rest as the ids of
 * the reference data, whether they were sent as ids or as English or Arabic names in any case. An
 * unknown value is an issue on its own field, never dropped or stored as typed. A city without a
 * region brings its region with it; a local service without a category brings its category.
 */
export function resolveReferenceFields<T extends ReferenceFields>(values: T, options: ResolveOptions = {}) {
  const issues: ReferenceIssue[] = [];
  const resolved: T = { ...values };
  // A blank value clears the field; an absent one leaves it as it is.
  for (const field of fields) if (typeof values[field] === 'string' && !isGiven(values[field])) resolved[field] = null;

  let country = options.country;
  if (isGiven(values.country)) {
    const code = resolveCountry(values.country);
    if (code) country = code;
    else if (!(options.allowAllCountries && isAllCountries(values.country))) {
      issues.push({ field: 'country', message: referenceMessages.country });
    }
    resolved.country = code;
  }

  const regionMessage = country && country !== 'AE' ? referenceMessages.region : referenceMessages.emirate;
  let regionId: string | undefined;
  for (const field of ['emirate', 'region'] as const) {
    const value = values[field];
    if (!isGiven(value)) continue;
    // An emirate without a country is the UAE's; a region without one may be any country's.
    const region = resolveRegion(value, country ?? (field === 'emirate' ? 'AE' : undefined));
    if (!region) issues.push({ field, message: field === 'emirate' ? regionMessage : referenceMessages.region });
    resolved[field] = region?.id;
    regionId ??= region?.id;
  }

  if (isGiven(values.city)) {
    const city = resolveCity(values.city, country, regionId);
    if (!city) issues.push({ field: 'city', message: referenceMessages.city });
    else if (!regionId && 'emirate' in values) resolved.emirate = city.region;
    resolved.city = city?.id;
  }

  if (isGiven(values.industry_category)) {
    const industry = resolveIndustry(values.industry_category);
    if (!industry) issues.push({ field: 'industry_category', message: referenceMessages.industry });
    resolved.industry_category = industry;
  }

  let categoryId: string | undefined;
  if (isGiven(values.local_service_category)) {
    categoryId = resolveLocalServiceCategory(values.local_service_category);
    if (!categoryId) issues.push({ field: 'local_service_category', message: referenceMessages.localServiceCategory });
    resolved.local_service_category = categoryId;
  }
  if (isGiven(values.local_service_subcategory)) {
    const service = resolveLocalService(values.local_service_subcategory, categoryId);
    if (!service) issues.push({ field: 'local_service_subcategory', message: referenceMessages.localService });
    else if (!isGiven(values.local_service_category)) resolved.local_service_category = service.category;
    resolved.local_service_subcategory = service?.id;
  }

  return { values: resolved, issues };
}

/** The same, inside a zod transform: each unknown value becomes an issue on its field. */
export function resolveReferencesInSchema<T extends ReferenceFields>(values: T, context: z.RefinementCtx, options: ResolveOptions = {}): T {
  const { values: resolved, issues } = resolveReferenceFields(values, options);
  for (const issue of issues) context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  return resolved;
}
