import type { Db } from '../../db/client.ts';
import { createLiveIndex, split, type IndexSource, type LiveIndex, type SnapshotOptions } from '../../search/live-index.ts';
import { changesSince as changesOf } from '../../search/live-index.repository.ts';
import { jobSearchRows, jobSearchTsquery } from './search-source.repository.ts';
import {
  createJobIndex,
  jobIndexFormat,
  type IndexAnswer,
  type IndexedJob,
  type IndexPlan,
  type IndexSearch,
  type JobIndex,
  type JobIndexState,
} from './job-index.ts';

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
  tokens_hash: string;
}

const jobSource = (plan: IndexPlan): IndexSource<JobRow, IndexedJob, JobIndex> => ({
  ...jobSearchRows,
  toDoc: (row) => ({
    id: row.id,
    createdUs: Number(row.created_us),
    budgetMinUsd: Number(row.budget_min_usd),
    budgetMaxUsd: Number(row.budget_max_usd),
    proposalCount: Number(row.proposal_count),
    featuredUntilMs: row.featured_until_ms === null ? undefined : Number(row.featured_until_ms),
    words: split(row.words),
    facets: split(row.facets),
    tokensHash: Number(row.tokens_hash),
  }),
  create: (sealed) => createJobIndex({ plan, sealed }),
  tsquery: jobSearchTsquery,
  snapshot: {
    name: 'projects',
    format: String(jobIndexFormat),
    restore: (state) => createJobIndex({ plan, from: state as JobIndexState }),
  },
});

/** The changes to read after `horizon` (search/live-index.test.ts checks their plan). */
export const changesSince = (horizon: string, skipped: string[]) => changesOf(jobSource('cheaper'), horizon, skipped);

export interface SearchIndexOptions {
  /** How pages are read (tests make each way run; otherwise the cheaper). */
  plan?: IndexPlan;
  compactAbove?: number;
  /** Where the index is written after a long load and read back on start (search/live-index.ts). */
  snapshots?: SnapshotOptions;
}

export const createSearchIndex = (db: Db, { plan = 'cheaper', compactAbove, snapshots }: SearchIndexOptions = {}) =>
  createLiveIndex(db, jobSource(plan), { compactAbove, snapshots });

export type SearchIndex = LiveIndex<JobIndex>;

/** What a search asks of the index, but its words: the index makes their query tree (with the database's parser). */
export type IndexRequest = Omit<IndexSearch, 'query'>;
export type IndexMemory = NonNullable<ReturnType<SearchIndex['memory']>>;

/**
 * The project search index as the repository uses it: in the server's own thread (inThisThread, on
 * PGlite, whose one connection is the server thread's), or in a thread of its own beside it
 * (search-thread.ts, on PostgreSQL).
 */
export interface JobSearchIndex {
  /** Brings the index up to every change committed before this call (loading it the first time). */
  catchUp(): Promise<void>;
  /** Rises with every change applied and every reload: answers computed at one generation hold until the next. */
  readonly generation: number;
  /** Calls `listener` with the ids of the jobs whose changes are applied, as they are ('all' on a reload). */
  onChange(listener: (changed: Iterable<string> | 'all') => void): void;
  /** A search's page, from the index as it stands (after `catchUp()`); `text`, the search's words. */
  search(text: string | undefined, request: IndexRequest): Promise<IndexAnswer>;
  /** Where its memory goes; undefined before the first load. */
  memory(): Promise<IndexMemory | undefined>;
  close(): Promise<void>;
}

export function inThisThread(live: SearchIndex): JobSearchIndex {
  return {
    catchUp: () => live.catchUp(),
    get generation() {
      return live.generation;
    },
    onChange: (listener) => live.onChange(listener),
    async search(text, request) {
      const query = text ? await live.queryOf(text) : undefined;
      return live.index.search({ ...request, query });
    },
    memory: async () => live.memory(),
    close: async () => undefined,
  };
}
