import { currencyOfCountry, splitList, type ProfessionalSearchParams } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { createLiveIndex, split, type IndexSource, type LiveIndex, type SnapshotOptions } from '../../search/live-index.ts';
import { changesSince as changesOf } from '../../search/live-index.repository.ts';
import { professionalRows, professionalTsquery, rateCurrencies } from './professional-source.repository.ts';
import type { QueryNode } from '../../search/tsquery.ts';
import {
  createProfessionalIndex,
  professionalIndexFormat,
  type IndexedProfessional,
  type ProfessionalIndexState,
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

const professionalSource = (plan: ProfessionalPlan): IndexSource<ProfessionalRow, IndexedProfessional, ProfessionalIndex> => ({
  ...professionalRows,
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
  tsquery: professionalTsquery,
  snapshot: {
    name: 'professionals',
    // A snapshot made with another list of rate currencies is of another format.
    format: `${professionalIndexFormat}:${rateCurrencies.join(',')}`,
    restore: (state) => createProfessionalIndex({ currencies: rateCurrencies.length, plan, from: state as ProfessionalIndexState }),
  },
});

/** The changes to read after `horizon` (for a test of their plan). */
export const professionalChangesSince = (horizon: string, skipped: string[]) => changesOf(professionalSource('cheaper'), horizon, skipped);

/** `plan`: how pages are read (tests make each way run; otherwise the cheaper); `snapshots`: search/live-index.ts. */
export const createProfessionalSearchIndex = (
  db: Db,
  { plan = 'cheaper', compactAbove, snapshots }: { plan?: ProfessionalPlan; compactAbove?: number; snapshots?: SnapshotOptions } = {},
) => createLiveIndex(db, professionalSource(plan), { compactAbove, snapshots });

export type ProfessionalSearchIndex = LiveIndex<ProfessionalIndex>;

/** A search's parameters as the index takes them, with its text's query tree. */
export function indexSearchOf(params: ProfessionalSearchParams, query: QueryNode | undefined): ProfessionalIndexSearch {
  const facets = parseSkillList(params.skills).map((skill) => `k:${skill}`);
  const regionId = params.region ?? params.emirate;
  const country = params.country ?? (params.emirate && !params.region ? 'AE' : undefined);
  if (country) facets.push(`c:${country}`);
  if (regionId) facets.push(`r:${regionId}`);
  if (params.show_location) facets.push('sl');
  if (params.identity_verified) facets.push('iv');
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
