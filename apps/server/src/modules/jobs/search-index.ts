import { sql } from 'drizzle-orm';
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
import { createJobIndex, type IndexedJob, type IndexPlan, type JobIndex } from './job-index.ts';

/** The open jobs' search index (job-index.ts), loaded from `job_search` and kept from `job_changes` (migration 0014). */

interface JobRow {
  id: string;
  created_us: string;
  budget_min_usd: string;
  budget_max_usd: string;
  proposal_count: number;
  featured_until_ms: string | null;
  words: string;
  facets: string;
}

const jobSource = (plan: IndexPlan): IndexSource<JobRow, IndexedJob, JobIndex> => ({
  rows: sql`job_search`,
  columns: sql`s.id, ${createdUsColumn},
    s.budget_min_usd::text as budget_min_usd, s.budget_max_usd::text as budget_max_usd, s.proposal_count,
    (extract(epoch from s.featured_until) * 1000)::bigint::text as featured_until_ms,
    ${joined(sql`tsvector_to_array(s.search_vector)`)} as words, ${joined(sql`s.facets`)} as facets`,
  changes: sql`select seq, txid, job_id as changed_id from job_changes`,
  toDoc: (row) => ({
    id: row.id,
    createdUs: Number(row.created_us),
    budgetMinUsd: Number(row.budget_min_usd),
    budgetMaxUsd: Number(row.budget_max_usd),
    proposalCount: Number(row.proposal_count),
    featuredUntilMs: row.featured_until_ms === null ? undefined : Number(row.featured_until_ms),
    words: split(row.words),
    facets: split(row.facets),
  }),
  create: (sealed) => createJobIndex({ plan, sealed }),
  tsquery: (text) => sql`websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text})`,
});

/** The changes to read after `horizon` (search/live-index.test.ts checks their plan). */
export const changesSince = (horizon: string, skipped: string[]) => changesOf(jobSource('cheaper'), horizon, skipped);

/** `plan`: how pages are read (tests make each way run; otherwise the cheaper). */
export const createSearchIndex = (db: Db, { plan = 'cheaper', compactAbove }: { plan?: IndexPlan; compactAbove?: number } = {}) =>
  createLiveIndex(db, jobSource(plan), { compactAbove });

export type SearchIndex = LiveIndex<JobIndex>;
