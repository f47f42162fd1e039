import { sql, type SQL } from 'drizzle-orm';
import {
  convertAmount,
  countries,
  currencyInfo,
  currencyOfCountry,
  HOURLY_RATE_CURRENCY,
  splitList,
  type CurrencyCode,
  type ProfessionalSearchParams,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import {
  changesSince as changesOf,
  createdUsColumn,
  createLiveIndex,
  joined,
  split,
  type IndexSource,
  type LiveIndex,
} from '../../search/live-index.ts';
import type { QueryNode } from '../../search/tsquery.ts';
import {
  createProfessionalIndex,
  type IndexedProfessional,
  type ProfessionalIndex,
  type ProfessionalIndexSearch,
  type ProfessionalPlan,
} from './professional-index.ts';

/**
 * GET /search/professionals answers from an in-memory index (professional-index.ts) of the listed
 * professionals (active accounts with the professional role), loaded from `users` and kept current from
 * `user_changes` (migration 0015), as project search is (decision 22; decision 25 for professionals).
 */

/** "React، , figma" → ['react', 'figma']: the skills a professional must all have, compared case-insensitively. */
export function parseSkillList(skills: string | undefined): string[] {
  return [...new Set(splitList(skills ?? '').map((skill) => skill.toLowerCase()))];
}

// One word typed so far ("reac") also matches as a prefix; anything else is read as a web search.
const isSingleWord = (text: string) => /^[\p{L}\p{N}]{2,}$/u.test(text);

/** The tsquery of a search text: stems in English and Arabic, and one word also as a prefix. */
function tsqueryOf(q: string): SQL {
  const words = sql`websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('arabic', ${q})`;
  return isSingleWord(q) ? sql`${words} || to_tsquery('simple', ${`${q}:*`})` : words;
}

/** The currencies a rate can be searched in: the one rates are kept in, and each country's. */
export const rateCurrencies: CurrencyCode[] = [
  ...new Set<CurrencyCode>([HOURLY_RATE_CURRENCY, ...countries.map((country) => currencyOfCountry(country.code))]),
];

/**
 * The rate as the searcher sees it: stored in AED fils, shown in the chosen country's currency rounded
 * to its minor unit, so that a bound typed from a displayed rate matches that rate.
 */
function hourlyRateIn(currency: CurrencyCode): SQL {
  const rate = sql`(s.hourly_rate_minor::numeric / ${10 ** currencyInfo(HOURLY_RATE_CURRENCY).decimals})`;
  if (currency === HOURLY_RATE_CURRENCY) return rate;
  const perUnit = convertAmount(1, HOURLY_RATE_CURRENCY, currency);
  return sql`round(${rate} * ${String(perUnit)}::numeric, ${currencyInfo(currency).decimals}::int)`;
}

interface ProfessionalRow {
  id: string;
  created_us: string;
  rating_hundredths: number;
  reviews: number;
  rate_minor: string | null;
  rates_shown: string | null;
  words: string;
  facets: string;
}

/**
 * Filter tokens: 'c:' country and 'r:' region only for those who show their location (a location filter
 * never matches one who hides it, or it would reveal it), and 'sl' for showing it; 'i:', 'lc:' and 'ls:'
 * industry and local service; 'k:' each skill in lower case.
 */
const facetsOf = sql`array_remove(array[
    case when s.show_location then 'sl' end,
    case when s.show_location then 'c:' || s.country end,
    case when s.show_location then 'r:' || s.emirate end,
    'i:' || s.industry_category, 'lc:' || s.local_service_category, 'ls:' || s.local_service_subcategory
  ], null) || coalesce((select array_agg(distinct 'k:' || lower(skill)) from unnest(s.skills) as skill), '{}'::text[])`;

const professionalSource = (plan: ProfessionalPlan): IndexSource<ProfessionalRow, IndexedProfessional, ProfessionalIndex> => ({
  rows: sql`(select * from users where role = 'professional' and account_status = 'active')`,
  columns: sql`s.id, ${createdUsColumn},
    (s.total_rating * 100)::int as rating_hundredths, s.total_reviews as reviews, s.hourly_rate_minor::text as rate_minor,
    case when s.hourly_rate_minor is not null then concat_ws(chr(31), ${sql.join(rateCurrencies.map(hourlyRateIn), sql`, `)}) end as rates_shown,
    ${joined(sql`tsvector_to_array(s.search_vector)`)} as words, ${joined(facetsOf)} as facets`,
  changes: sql`select seq, txid, user_id as changed_id from user_changes`,
  toDoc: (row) => ({
    id: row.id,
    createdUs: Number(row.created_us),
    ratingHundredths: Number(row.rating_hundredths),
    reviews: Number(row.reviews),
    rateMinor: row.rate_minor === null ? undefined : Number(row.rate_minor),
    ratesShown: row.rates_shown === null ? undefined : split(row.rates_shown).map(Number),
    words: split(row.words),
    facets: split(row.facets),
  }),
  create: (sealed) => createProfessionalIndex({ currencies: rateCurrencies.length, plan, sealed }),
  tsquery: tsqueryOf,
});

/** The changes to read after `horizon` (for a test of their plan). */
export const professionalChangesSince = (horizon: string, skipped: string[]) => changesOf(professionalSource('cheaper'), horizon, skipped);

/** `plan`: how pages are read (tests make each way run; otherwise the cheaper). */
export const createProfessionalSearchIndex = (
  db: Db,
  { plan = 'cheaper', compactAbove }: { plan?: ProfessionalPlan; compactAbove?: number } = {},
) => createLiveIndex(db, professionalSource(plan), { compactAbove });

export type ProfessionalSearchIndex = LiveIndex<ProfessionalIndex>;

/** A search's parameters as the index takes them, with its text's query tree. */
export function indexSearchOf(params: ProfessionalSearchParams, query: QueryNode | undefined): ProfessionalIndexSearch {
  const facets = parseSkillList(params.skills).map((skill) => `k:${skill}`);
  const regionId = params.region ?? params.emirate;
  const country = params.country ?? (params.emirate && !params.region ? 'AE' : undefined);
  if (country) facets.push(`c:${country}`);
  if (regionId) facets.push(`r:${regionId}`);
  if (params.show_location) facets.push('sl');
  if (params.industry_category) facets.push(`i:${params.industry_category}`);
  if (params.local_service_category) facets.push(`lc:${params.local_service_category}`);
  if (params.local_service_subcategory) facets.push(`ls:${params.local_service_subcategory}`);
  const hasRate = params.min_rate !== undefined || params.max_rate !== undefined;
  return {
    query,
    hasText: Boolean(params.q),
    facets,
    rate: hasRate
      ? { currency: rateCurrencies.indexOf(currencyOfCountry(country)), min: params.min_rate, max: params.max_rate }
      : undefined,
    sort: params.sort_by,
    skip: params.skip,
    count: params.limit,
  };
}
