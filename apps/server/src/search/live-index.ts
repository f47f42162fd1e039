import { sql, type SQL } from 'drizzle-orm';
import { writeCountOf, type Db } from '../db/client.ts';
import type { jobChanges } from '../modules/jobs/jobs.schema.ts';
import { rowsOf } from '../db/rows.ts';
import { inTurns } from '../lib/in-turns.ts';
import { createLru } from '../lib/lru.ts';
import { parseTsquery, type QueryNode } from './tsquery.ts';

/**
 * An in-memory search index in this process (projects: job-index.ts; professionals:
 * professional-index.ts; the console's directories: directory-index.ts), loaded from its source rows
 * on its first catch-up and kept current from a change log that a trigger appends to in the same
 * transaction as every change (job_changes, migration 0014; user_changes, migration 0015;
 * user_directory_changes, migration 0030). Before
 * each search the index reads the changes committed since its last read, so a search sees every
 * change committed before it began, whichever process made it. Reads are shared: searches that arrive
 * while one is under way wait for the next, one read for all of them.
 *
 * Changes are found by transaction id, not by sequence number (a sequence number is taken before its
 * transaction commits, so a later number can commit first): each read asks for the changes of every
 * transaction that its previous snapshot did not see (ids from that snapshot's xmin on), skipping
 * those it has applied already.
 */

/** What an index held in memory does with the documents its source gives it. */
export interface MemoryIndex<Doc> {
  /** Adds the document, or brings it up to date. */
  upsert(doc: Doc): void;
  /** Takes it out; one that is not in is ignored. */
  remove(id: string): void;
  /** Sorts a loading index's orders once, after its documents are in. */
  seal(): void;
  /** How much of the index is slots of documents that left it. */
  readonly deadShare: number;
  memory(): Record<string, number>;
}

/** Where an index's documents come from and how their changes are logged. */
export interface IndexSource<Row, Doc, Index extends MemoryIndex<Doc>> {
  /** Every searchable row, read as `s` (a table, or a subquery of one) with a uuid `id`. */
  rows: SQL;
  /** The columns of `s` that make a document. */
  columns: SQL;
  /** The change log: `seq`, `txid` and the changed row's id as `changed_id`, a null id for a TRUNCATE. */
  changes: SQL;
  toDoc(row: Row): Doc;
  /** An empty index; `sealed: false` for one that is being loaded. */
  create(sealed: boolean): Index;
  /** The tsquery a search text stands for (an index searched by words). */
  tsquery?(text: string): SQL;
}

const separator = '\u001f';
/** More changes than this at once (a bulk import) are read as a whole new index. */
const reloadAbove = 50_000;
/** A change log keeps a day (the hourly pruning); an index that has not read its log for this long reloads. */
const staleAfterMs = 6 * 3_600_000;
const batchSize = 10_000;

/** The source row's creation time in microseconds, as `created_us` (text: a bigint exceeds what a number holds exactly on some drivers). */
export const createdUsColumn = sql`(extract(epoch from s.created_at) * 1000000)::bigint::text as created_us`;

/** A text array read as one string (`chr(31)` between elements), which costs far less to read than an array. */
export const joined = (array: SQL) => sql`coalesce(array_to_string(${array}, chr(31)), '')`;
/** The elements of a `joined` column. */
export const split = (text: string) => (text === '' ? [] : text.split(separator));

const horizonOf = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** Drops a change log's rows older than a day, which every index has read (one that has not read for six hours reloads). */
export async function pruneChanges(db: Db, log: typeof jobChanges) {
  await db.delete(log).where(sql`${log.changedAt} < now() - interval '1 day'`);
}

/** Every source row, read in one snapshot, and the horizon from which later changes are to be read. */
async function loadIndex<Row extends { id: string }, Doc, Index extends MemoryIndex<Doc>>(
  db: Db,
  source: IndexSource<Row, Doc, Index>,
): Promise<{ index: Index; horizon: string }> {
  return db.transaction(
    async (tx) => {
      const [snapshot] = await rowsOf<{ horizon: string }>(tx, sql`select ${horizonOf} as horizon`);
      const index = source.create(false);
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await rowsOf<Row>(
          tx,
          sql`select ${source.columns} from ${source.rows} s where s.id > ${after}::uuid order by s.id limit ${batchSize}`,
        );
        for (const row of rows) index.upsert(source.toDoc(row));
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
 * The changes after `horizon` not yet applied (`skipped`), each with its row as it is now (none when it
 * left search), and the new horizon (one row with no change when there is none). The changes are chosen
 * first and each one's row looked up by its key: planned as one join, the estimate for job_changes (a
 * third of its rows; PGlite has no autovacuum to keep statistics) made PostgreSQL hash all of job_search,
 * spilling to disk on every read (100k projects: 294 ms a read, 1.5 ms now). The lookup's `limit 1`
 * keeps the planner from flattening it back into that join.
 */
export const changesSince = (
  source: Pick<IndexSource<never, never, never>, 'rows' | 'columns' | 'changes'>,
  horizon: string,
  skipped: string[],
) =>
  sql`select h.horizon, c.seq::text as seq, c.txid::text as txid, c.changed_id, s.id is not null as is_present, ${source.columns}
    from (select ${horizonOf} as horizon) h
    left join lateral (
      select seq, txid, changed_id from (${source.changes}) log
      where txid >= ${horizon}::xid8 and seq <> all(${toBigintArray(skipped)})
      order by seq
      limit ${reloadAbove + 1}
    ) c on true
    left join lateral (select * from ${source.rows} s where s.id = c.changed_id limit 1) s on true
    order by c.seq`;

interface ChangeRow {
  horizon: string;
  seq: string | null;
  txid: string | null;
  changed_id: string | null;
  is_present: boolean | null;
}

export interface LiveIndex<Index extends { memory(): object }> {
  /** Brings the index up to every change committed before this call (loading it the first time). */
  catchUp(): Promise<void>;
  /** The query tree of a search's text. */
  queryOf(text: string): Promise<QueryNode | undefined>;
  /** Rises with every change applied and every reload: answers computed at one generation hold until the next. */
  readonly generation: number;
  /** Calls `listener` with the ids of the documents whose changes are applied, as they are ('all' on a reload). */
  onChange(listener: (changed: Iterable<string> | 'all') => void): void;
  /** The index as it stands (after `catchUp()`). */
  readonly index: Index;
  /** Where its memory goes, and how many times a whole index was loaded; undefined before the first load. */
  memory(): (ReturnType<Index['memory']> & { loads: number }) | undefined;
}

/**
 * `compactAbove`: the share of the index's slots left by documents that changed words or left search
 * above which a new index is loaded beside it and takes its place (slots are never reused).
 */
export function createLiveIndex<Row extends { id: string }, Doc, Index extends MemoryIndex<Doc>>(
  db: Db,
  source: IndexSource<Row, Doc, Index>,
  { compactAbove = 0.3 }: { compactAbove?: number } = {},
): LiveIndex<Index> {
  let index: Index | undefined;
  let horizon = '0';
  /** Changes applied whose transactions the horizon has not passed yet: sequence number → transaction id. */
  let applied = new Map<string, bigint>();
  let lastReadMs = 0;
  /** Rises with every change applied and every reload: answers computed at one generation hold until the next. */
  let generation = 0;
  /** Told which documents changed as the changes are applied ('all' on a reload). */
  const listeners: ((changed: Iterable<string> | 'all') => void)[] = [];

  /** How many times a whole index was loaded (the first time, and each reload or compaction since). */
  let loads = 0;
  /** A compacted index loading beside the one in use; the next read of changes puts it in place. */
  let compacting: Promise<void> | undefined;
  let compacted: { index: Index; horizon: string } | undefined;

  /** Puts a loaded index in place. */
  function use(loaded: { index: Index; horizon: string }) {
    index = loaded.index;
    horizon = loaded.horizon;
    applied = new Map();
    loads += 1;
    generation += 1;
    for (const listener of listeners) listener('all');
  }

  async function reload() {
    use(await loadIndex(db, source));
  }

  // On PGlite, the writes of this process, the only one: the count when the last read began.
  const writes = writeCountOf(db);
  let readAtVersion: number | undefined;

  async function readChanges() {
    if (!index || Date.now() - lastReadMs > staleAfterMs) {
      lastReadMs = Date.now();
      await reload();
    }
    const version = writes?.version;
    if (version !== undefined && version === readAtVersion && !compacted) {
      lastReadMs = Date.now();
      return;
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
    const rows = await rowsOf<ChangeRow & Partial<Row>>(db, changesSince(source, horizon, skipped));
    lastReadMs = Date.now();
    const changes = rows.filter((row) => row.seq !== null);
    if (changes.length > reloadAbove || changes.some((row) => row.changed_id === null)) {
      // A bulk change or a TRUNCATE: a whole new index costs less than applying it.
      await reload();
      return;
    }
    readAtVersion = version;
    const next = rows[0]!.horizon;
    const latest = new Map<string, ChangeRow & Partial<Row>>();
    for (const row of changes) {
      latest.set(row.changed_id!, row);
      applied.set(row.seq!, BigInt(row.txid!));
    }
    for (const [id, row] of latest) {
      if (row.is_present) index!.upsert(source.toDoc(row as unknown as Row));
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
      compacting = loadIndex(db, source)
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
  const catchUp = inTurns(readChanges);

  // The query trees of recent search texts: PostgreSQL's parser and stemmers make them.
  const queries = createLru<string, QueryNode | undefined>(10_000);
  async function queryOf(text: string): Promise<QueryNode | undefined> {
    if (queries.has(text)) {
      const tree = queries.peek(text);
      queries.set(text, tree);
      return tree;
    }
    if (!source.tsquery) throw new Error('search index: this index is not searched by words');
    const [row] = await rowsOf<{ query: string }>(db, sql`select (${source.tsquery(text)})::text as query`);
    const tree = parseTsquery(row?.query ?? '');
    queries.set(text, tree);
    return tree;
  }

  return {
    catchUp,
    queryOf,
    get generation() {
      return generation;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    get index() {
      if (!index) throw new Error('search index: catchUp() first');
      return index;
    },
    memory: () => index && { ...(index.memory() as ReturnType<Index['memory']>), loads },
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
