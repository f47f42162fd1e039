import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createLru } from '../../lib/lru.ts';
import { createJobIndex, type IndexAnswer, type IndexedJob, type IndexPlan, type IndexSearch, type JobIndex } from './job-index.ts';
import { parseTsquery, type QueryNode } from './tsquery.ts';

/**
 * The in-memory search index of this process (job-index.ts), loaded from `job_search` on its first
 * catch-up (when the server starts) and kept current from `job_changes` (migration 0014), which a trigger on jobs appends to in
 * the same transaction as every change. Before each search the index reads the changes committed
 * since its last read, so a search sees every change committed before it began, whichever process
 * made it. Reads are shared: searches that arrive while one is under way wait for the next, one read
 * for all of them.
 *
 * Changes are found by transaction id, not by sequence number (a sequence number is taken before its
 * transaction commits, so a later number can commit first): each read asks for the changes of every
 * transaction that its previous snapshot did not see (ids from that snapshot's xmin on), skipping
 * those it has applied already.
 */

const separator = '\u001f';
/** More changes than this at once (a bulk import) are read as a whole new index. */
const reloadAbove = 50_000;
/** job_changes keeps a day (the hourly pruning); an index that has not read it for this long reloads. */
const staleAfterMs = 6 * 3_600_000;
const batchSize = 10_000;

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

const jobColumns = sql`s.id, (extract(epoch from s.created_at) * 1000000)::bigint::text as created_us,
  s.budget_min_usd::text as budget_min_usd, s.budget_max_usd::text as budget_max_usd, s.proposal_count,
  (extract(epoch from s.featured_until) * 1000)::bigint::text as featured_until_ms,
  coalesce(array_to_string(tsvector_to_array(s.search_vector), chr(31)), '') as words,
  coalesce(array_to_string(s.facets, chr(31)), '') as facets`;

const split = (text: string) => (text === '' ? [] : text.split(separator));

function toIndexedJob(row: JobRow): IndexedJob {
  return {
    id: row.id,
    createdUs: Number(row.created_us),
    budgetMinUsd: Number(row.budget_min_usd),
    budgetMaxUsd: Number(row.budget_max_usd),
    proposalCount: Number(row.proposal_count),
    featuredUntilMs: row.featured_until_ms === null ? undefined : Number(row.featured_until_ms),
    words: split(row.words),
    facets: split(row.facets),
  };
}

const horizonOf = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** Every open job, read in one snapshot, and the horizon from which later changes are to be read. */
async function loadIndex(db: Db, plan: IndexPlan): Promise<{ index: JobIndex; horizon: string }> {
  return db.transaction(
    async (tx) => {
      const [snapshot] = await rowsOf<{ horizon: string }>(tx, sql`select ${horizonOf} as horizon`);
      const index = createJobIndex({ plan, sealed: false });
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await rowsOf<JobRow>(
          tx,
          sql`select ${jobColumns} from job_search s where s.id > ${after}::uuid order by s.id limit ${batchSize}`,
        );
        for (const row of rows) index.upsert(toIndexedJob(row));
        if (rows.length < batchSize) break;
        after = rows.at(-1)!.id;
      }
      index.seal();
      return { index, horizon: snapshot!.horizon };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The changes after `horizon` not yet applied (`skipped`), each with its job as it is now (none when it
 * left search), and the new horizon (one row with no change when there is none). The changes are chosen
 * first and each one's job looked up by its key: planned as one join, the estimate for job_changes (a
 * third of its rows; PGlite has no autovacuum to keep statistics) made PostgreSQL hash all of job_search,
 * spilling to disk on every read (100k projects: 294 ms a read, 1.5 ms now). The lookup's `limit 1`
 * keeps the planner from flattening it back into that join.
 */
export const changesSince = (horizon: string, skipped: string[]) =>
  sql`select h.horizon, c.seq::text as seq, c.txid::text as txid, c.job_id, s.id is not null as is_open, ${jobColumns}
    from (select ${horizonOf} as horizon) h
    left join lateral (
      select seq, txid, job_id from job_changes
      where txid >= ${horizon}::xid8 and seq <> all(${toBigintArray(skipped)})
      order by seq
      limit ${reloadAbove + 1}
    ) c on true
    left join lateral (select * from job_search where id = c.job_id limit 1) s on true
    order by c.seq`;

interface ChangeRow extends Partial<JobRow> {
  horizon: string;
  seq: string | null;
  txid: string | null;
  job_id: string | null;
  is_open: boolean | null;
}

/**
 * `plan`: how pages are read (tests make each way run; otherwise the cheaper). `compactAbove`: the
 * share of the index's slots left by jobs that changed words or left search above which a new index
 * is loaded beside it and takes its place (slots are never reused).
 */
export function createSearchIndex(db: Db, { plan = 'cheaper', compactAbove = 0.3 }: { plan?: IndexPlan; compactAbove?: number } = {}) {
  let index: JobIndex | undefined;
  let horizon = '0';
  /** Changes applied whose transactions the horizon has not passed yet: sequence number → transaction id. */
  let applied = new Map<string, bigint>();
  let lastReadMs = 0;
  /** Rises with every change applied and every reload: answers computed at one generation hold until the next. */
  let generation = 0;
  /** Told which jobs changed as the changes are applied ('all' on a reload). */
  const listeners: ((changed: Iterable<string> | 'all') => void)[] = [];

  /** How many times a whole index was loaded (the first time, and each reload or compaction since). */
  let loads = 0;
  /** A compacted index loading beside the one in use; the next read of changes puts it in place. */
  let compacting: Promise<void> | undefined;
  let compacted: Awaited<ReturnType<typeof loadIndex>> | undefined;

  /** Puts a loaded index in place. */
  function use(loaded: Awaited<ReturnType<typeof loadIndex>>) {
    index = loaded.index;
    horizon = loaded.horizon;
    applied = new Map();
    loads += 1;
    generation += 1;
    for (const listener of listeners) listener('all');
  }

  async function reload() {
    use(await loadIndex(db, plan));
  }

  async function readChanges() {
    if (!index || Date.now() - lastReadMs > staleAfterMs) {
      lastReadMs = Date.now();
      await reload();
    }
    if (compacted) {
      // Its snapshot may be older or newer than this index's last read: the changes since the earlier
      // of the two horizons are read below (applying one twice changes nothing).
      const previous = horizon;
      use(compacted);
      if (BigInt(previous) < BigInt(horizon)) horizon = previous;
      compacted = undefined;
    }
    const skipped = [...applied.keys()];
    const rows = await rowsOf<ChangeRow>(db, changesSince(horizon, skipped));
    lastReadMs = Date.now();
    const changes = rows.filter((row) => row.seq !== null);
    if (changes.length > reloadAbove || changes.some((row) => row.job_id === null)) {
      // A bulk change or a TRUNCATE: a whole new index costs less than applying it.
      await reload();
      return;
    }
    const next = rows[0]!.horizon;
    const latest = new Map<string, ChangeRow>();
    for (const row of changes) {
      latest.set(row.job_id!, row);
      applied.set(row.seq!, BigInt(row.txid!));
    }
    for (const [id, row] of latest) {
      if (row.is_open) index!.upsert(toIndexedJob(row as JobRow));
      else index!.remove(id);
    }
    if (latest.size > 0) {
      generation += 1;
      for (const listener of listeners) listener(latest.keys());
    }
    horizon = next;
    const passed = BigInt(next);
    for (const [seq, txid] of applied) if (txid < passed) applied.delete(seq);
    if (index!.deadShare > compactAbove && !compacting) {
      compacting = loadIndex(db, plan)
        .then((loaded) => {
          compacted = loaded;
        })
        // A load that failed is tried again after the next change.
        .catch(() => undefined)
        .finally(() => {
          compacting = undefined;
        });
    }
  }

  // One read at a time; whoever arrives during a read waits for the next, which starts after it.
  let reading: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function catchUp(): Promise<void> {
    if (!reading) {
      reading = readChanges().finally(() => {
        reading = undefined;
      });
      return reading;
    }
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return catchUp();
      });
    return queued;
  }

  // The query trees of recent search texts: PostgreSQL's parser and stemmers make them.
  const queries = createLru<string, QueryNode | undefined>(10_000);
  async function queryOf(text: string): Promise<QueryNode | undefined> {
    if (queries.has(text)) {
      const tree = queries.peek(text);
      queries.set(text, tree);
      return tree;
    }
    const [row] = await rowsOf<{ query: string }>(
      db,
      sql`select (websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text}))::text as query`,
    );
    const tree = parseTsquery(row?.query ?? '');
    queries.set(text, tree);
    return tree;
  }

  return {
    /** Brings the index up to every change committed before this call (loading it the first time). */
    catchUp,
    /** The query tree of a search's text. */
    queryOf,
    get generation() {
      return generation;
    },
    /** Calls `listener` with the ids of the jobs whose changes are applied, as they are ('all' on a reload). */
    onChange(listener: (changed: Iterable<string> | 'all') => void) {
      listeners.push(listener);
    },
    search(search: IndexSearch): IndexAnswer {
      if (!index) throw new Error('search index: catchUp() first');
      return index.search(search);
    },
    memory: () => index && { ...index.memory(), loads },
  };
}

function toBigintArray(values: string[]): SQL {
  return values.length === 0
    ? sql`array[]::bigint[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}::bigint`),
        sql`, `,
      )}]`;
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
