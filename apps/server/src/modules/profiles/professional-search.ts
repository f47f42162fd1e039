import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  convertAmount,
  currencyInfo,
  currencyOfCountry,
  HOURLY_RATE_CURRENCY,
  type CurrencyCode,
  type ProfessionalSearchParams,
} from '@mihna/shared';
import { users } from '../../db/schema.ts';

/** "React, , figma" → ['react', 'figma']: the skills a professional must all have, compared case-insensitively. */
export function parseSkillList(skills: string | undefined): string[] {
  const list = (skills ?? '')
    .split(',')
    .map((skill) => skill.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(list)];
}

// One word typed so far ("reac") also matches as a prefix; anything else is read as a web search.
const isSingleWord = (text: string) => /^[\p{L}\p{N}]{2,}$/u.test(text);

function matchesText(q: string): SQL {
  const words = sql`websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('arabic', ${q})`;
  const query = isSingleWord(q) ? sql`${words} || to_tsquery('simple', ${`${q}:*`})` : words;
  return sql`${users.searchVector} @@ (${query})`;
}

function hasAllSkills(skills: string[]): SQL {
  const wanted = sql.join(
    skills.map((skill) => sql`${skill}`),
    sql`, `,
  );
  return sql`array(select lower(skill) from unnest(${users.skills}) as skill) @> array[${wanted}]::text[]`;
}

/**
 * The rate as the searcher sees it: stored in AED, shown in the chosen country's currency rounded to
 * its minor unit, so that a bound typed from a displayed rate matches that rate.
 */
function hourlyRateIn(currency: CurrencyCode): SQL {
  const rate = sql`(${users.hourlyRateMinor}::numeric / ${10 ** currencyInfo(HOURLY_RATE_CURRENCY).decimals})`;
  if (currency === HOURLY_RATE_CURRENCY) return rate;
  const perUnit = convertAmount(1, HOURLY_RATE_CURRENCY, currency);
  return sql`round(${rate} * ${String(perUnit)}::numeric, ${currencyInfo(currency).decimals}::int)`;
}

/**
 * Where clauses for GET /search/professionals: active professionals only. A user who hides their
 * location is never matched by a location filter, or the filter would reveal it.
 */
export function professionalFilters(params: ProfessionalSearchParams): SQL[] {
  const filters: SQL[] = [eq(users.role, 'professional'), eq(users.accountStatus, 'active')];
  if (params.q) filters.push(matchesText(params.q));

  const skills = parseSkillList(params.skills);
  if (skills.length > 0) filters.push(hasAllSkills(skills));

  const regionId = params.region ?? params.emirate;
  const country = params.country ?? (params.emirate && !params.region ? 'AE' : undefined);
  if (country) filters.push(eq(users.country, country));
  if (regionId) filters.push(eq(users.emirate, regionId));
  if (country || regionId || params.show_location) filters.push(eq(users.showLocation, true));

  const rate = hourlyRateIn(currencyOfCountry(country));
  if (params.min_rate !== undefined) filters.push(sql`${rate} >= ${params.min_rate}`);
  if (params.max_rate !== undefined) filters.push(sql`${rate} <= ${params.max_rate}`);

  if (params.industry_category) filters.push(eq(users.industryCategory, params.industry_category));
  if (params.local_service_category) filters.push(eq(users.localServiceCategory, params.local_service_category));
  if (params.local_service_subcategory) filters.push(eq(users.localServiceSubcategory, params.local_service_subcategory));
  return filters;
}

/** Each order ends on the id, so that pages never repeat or skip a professional. */
export function professionalOrder(sortBy: ProfessionalSearchParams['sort_by']): SQL[] {
  switch (sortBy) {
    case 'rate':
      return [sql`${users.hourlyRateMinor} asc nulls last`, asc(users.id)];
    case 'created_at':
      return [desc(users.createdAt), desc(users.id)];
    case 'rating':
      return [desc(users.totalRating), desc(users.totalReviews), desc(users.createdAt), desc(users.id)];
  }
}
