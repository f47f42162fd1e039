import { convertAmount, countries, currencyInfo, currencyOfCountry, HOURLY_RATE_CURRENCY, type CurrencyCode } from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import { createdUsColumn, joined } from '../../search/live-index.repository.ts';
import { identityLinks } from '../identity/identity.schema.ts';

// Where the professional search index (professional-search.ts) reads its documents: listed professionals in `users`,
// kept current from `user_changes` (migration 0015).

// One word typed so far ("reac") also matches as a prefix; anything else is read as a web search.
const isSingleWord = (text: string) => /^[\p{L}\p{N}]{2,}$/u.test(text);

/** The tsquery of a search text: stems in English and Arabic, and one word also as a prefix. */
export function professionalTsquery(q: string): SQL {
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

/**
 * Filter tokens: 'c:' country and 'r:' region only for those who show their location (a location filter
 * never matches one who hides it, or it would reveal it), and 'sl' for showing it; 'iv' for a verified
 * national identity (identity_links' trigger logs its changes as the professional's); 'i:', 'lc:' and
 * 'ls:' industry and local service; 'k:' each skill in lower case.
 */
const facetsOf = sql`array_remove(array[
    case when s.show_location then 'sl' end,
    case when exists (select 1 from ${identityLinks} where ${identityLinks.userId} = s.id) then 'iv' end,
    case when s.show_location then 'c:' || s.country end,
    case when s.show_location then 'r:' || s.emirate end,
    'i:' || s.industry_category, 'lc:' || s.local_service_category, 'ls:' || s.local_service_subcategory
  ], null) || coalesce((select array_agg(distinct 'k:' || lower(skill)) from unnest(s.skills) as skill), '{}'::text[])`;

/** The listed professionals, the columns of their documents, and their change log. */
export const professionalRows = {
  rows: sql`(select * from users where role = 'professional' and account_status = 'active')`,
  columns: sql`s.id, ${createdUsColumn},
    (s.total_rating * 100)::int as rating_hundredths, s.total_reviews as reviews, s.hourly_rate_minor::text as rate_minor,
    case when s.hourly_rate_minor is not null then concat_ws(chr(31), ${sql.join(rateCurrencies.map(hourlyRateIn), sql`, `)}) end as rates_shown,
    ${joined(sql`tsvector_to_array(s.search_vector)`)} as words, ${joined(facetsOf)} as facets`,
  changes: sql`select seq, txid, user_id as changed_id from user_changes`,
};
