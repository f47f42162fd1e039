import { sql } from 'drizzle-orm';
import { createdUsColumn, joined } from '../../search/live-index.repository.ts';

// Where the project search index (search-index.ts) reads its documents: `job_search` (migration 0013), kept current
// from `job_changes` (migration 0014).

const words = joined(sql`tsvector_to_array(s.search_vector)`);
const facets = joined(sql`s.facets`);

/**
 * The open jobs' narrow rows, the columns of their documents, and their change log. The hash of a
 * job's words and facets (53 bits, exact as a number) is the database's: made in JavaScript it was an
 * eighth of a million projects' load.
 */
export const jobSearchRows = {
  rows: sql`job_search`,
  columns: sql`s.id, ${createdUsColumn},
    s.budget_min_usd::text as budget_min_usd, s.budget_max_usd::text as budget_max_usd, s.proposal_count,
    (extract(epoch from s.featured_until) * 1000)::bigint::text as featured_until_ms,
    ${words} as words, ${facets} as facets,
    (hashtextextended(${words} || chr(30) || ${facets}, 0) & 9007199254740991)::text as tokens_hash`,
  changes: sql`select seq, txid, job_id as changed_id from job_changes`,
};

/** The tsquery of a search text: stems in English and Arabic. */
export const jobSearchTsquery = (text: string) => sql`websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text})`;
