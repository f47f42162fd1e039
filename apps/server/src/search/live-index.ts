import { writeCountOf, type Db } from '../db/client.ts';
import { inTurns } from '../lib/in-turns.ts';
import { createLru } from '../lib/lru.ts';
import path from 'node:path';
import { readSnapshot, writeSnapshot } from './index-snapshot.ts';
import type { IndexSource, MemoryIndex } from './index-source.ts';
import {
  canGoOnFrom,
  databaseIdentity,
  loadIndex,
  readChanges as readChangeRows,
  reloadAbove,
  tsqueryText,
  type LoggedChange,
} from './live-index.repository.ts';
import { parseTsquery, type QueryNode } from './tsquery.ts';

export type { IndexSource, MemoryIndex } from './index-source.ts';

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

const separator = '\u001f';
/** A change log keeps a day (the hourly pruning); an index that has not read its log for this long reloads. */
const staleAfterMs = 6 * 3_600_000;

/** The elements of a `joined` column (live-index.repository.ts). */
export const split = (text: string) => (text === '' ? [] : text.split(separator));

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
  /**
   * Where its memory goes, how many times a whole index was loaded from the rows, and how many times
   * from a snapshot; undefined before the first load.
   */
  memory(): (ReturnType<Index['memory']> & { loads: number; restores: number }) | undefined;
}

/**
 * Snapshots of an index (search/index-snapshot.ts), for a source that can make one again: written to
 * `dir` after a load from the rows that took `afterLoadMs` or more, and again every `everyMs` while
 * it changes; read on the first catch-up, when the snapshot is of this database, younger than the
 * change log is kept for an index (six hours), and the changes since are all in it.
 */
export interface SnapshotOptions {
  dir: string;
  afterLoadMs: number;
  everyMs: number;
  /** Told of a snapshot that could not be read or written (the index then loads from the rows). */
  onError?: (error: Error) => void;
}

interface SnapshotMeta {
  format: string;
  identity: string;
  horizon: string;
  /** The changes applied past the horizon: sequence number and transaction id. */
  applied: [string, string][];
  last: LoggedChange | undefined;
  writtenAtMs: number;
}

/**
 * `compactAbove`: the share of the index's slots left by documents that changed words or left search
 * above which a new index is loaded beside it and takes its place (slots are never reused).
 */
export function createLiveIndex<Row extends { id: string }, Doc, Index extends MemoryIndex<Doc>>(
  db: Db,
  source: IndexSource<Row, Doc, Index>,
  { compactAbove = 0.3, snapshots }: { compactAbove?: number; snapshots?: SnapshotOptions } = {},
): LiveIndex<Index> {
  let index: Index | undefined;
  let horizon = '0';
  /** The last change applied (by sequence number), which a snapshot's reader finds in the log to know it goes on from there. */
  let last: LoggedChange | undefined;
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
  let compacted: { index: Index; horizon: string; last: LoggedChange | undefined } | undefined;

  /** Puts a loaded index in place. */
  function use(loaded: { index: Index; horizon: string; last: LoggedChange | undefined }) {
    index = loaded.index;
    horizon = loaded.horizon;
    last = loaded.last;
    applied = new Map();
    loads += 1;
    generation += 1;
    for (const listener of listeners) listener('all');
  }

  async function reload() {
    const started = Date.now();
    use(await loadIndex(db, source));
    if (snapshots && Date.now() - started >= snapshots.afterLoadMs) keepSnapshots(true);
  }

  // Snapshots: the file, this database's identity (read once), and the generation last written.
  const snapshotFile = snapshots && source.snapshot && path.join(snapshots.dir, `${source.snapshot.name}.index`);
  let identity: string | undefined;
  let identified = false;
  let restores = 0;
  let writtenGeneration: number | undefined;
  let writing: NodeJS.Timeout | undefined;
  const reportSnapshot = (error: unknown) => snapshots?.onError?.(error instanceof Error ? error : new Error(String(error)));

  /** Writes the index as it stands (at once: nothing changes it meanwhile). */
  function writeNow() {
    if (!snapshotFile || !index?.state || identity === undefined || writtenGeneration === generation) return;
    const meta: SnapshotMeta = {
      format: source.snapshot!.format,
      identity,
      horizon,
      applied: [...applied].map(([seq, txid]) => [seq, txid.toString()]),
      last,
      writtenAtMs: Date.now(),
    };
    try {
      writeSnapshot(snapshotFile, { meta, state: index.state() });
      writtenGeneration = generation;
    } catch (error) {
      reportSnapshot(error);
    }
  }

  /**
   * From now on the index is written while it changes, and `soon` once now (not in the turn that
   * loaded it, which a search waits on).
   */
  function keepSnapshots(soon: boolean) {
    if (!snapshotFile || !snapshots) return;
    if (soon) setTimeout(writeNow, 0).unref();
    writing ??= setInterval(writeNow, snapshots.everyMs).unref();
  }

  /** This database's identity, read once; undefined (and snapshots off) when it cannot be read. */
  async function identify() {
    if (identified) return identity;
    identified = true;
    try {
      identity = await databaseIdentity(db);
    } catch (error) {
      reportSnapshot(error);
    }
    return identity;
  }

  /** Puts the snapshot's index in place when it can go on from there; answers whether it did. */
  async function restore() {
    if (!snapshotFile || !(await identify())) return false;
    try {
      const saved = await readSnapshot<SnapshotMeta>(snapshotFile);
      if (!saved) return false;
      const { meta } = saved;
      const ageMs = Date.now() - meta.writtenAtMs;
      if (meta.format !== source.snapshot!.format || meta.identity !== identity || ageMs < 0 || ageMs > staleAfterMs) return false;
      if (!(await canGoOnFrom(db, source, meta.horizon, meta.last))) return false;
      use({ index: source.snapshot!.restore(saved.state), horizon: meta.horizon, last: meta.last });
      loads -= 1;
      restores += 1;
      applied = new Map(meta.applied.map(([seq, txid]) => [seq, BigInt(txid)]));
      writtenGeneration = generation;
      keepSnapshots(false);
      return true;
    } catch (error) {
      reportSnapshot(error);
      return false;
    }
  }

  // On PGlite, the writes of this process, the only one: the count when the last read began.
  const writes = writeCountOf(db);
  let readAtVersion: number | undefined;

  async function readChanges() {
    if (!index && (await restore())) lastReadMs = Date.now();
    if (!index || Date.now() - lastReadMs > staleAfterMs) {
      lastReadMs = Date.now();
      if (snapshotFile) await identify();
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
      const previous = { horizon, last };
      use(compacted);
      if (BigInt(previous.horizon) < BigInt(horizon)) horizon = previous.horizon;
      if (previous.last && (!last || BigInt(previous.last.seq) > BigInt(last.seq))) last = previous.last;
      compacted = undefined;
    }
    const skipped = [...applied.keys()];
    const rows = await readChangeRows<ChangeRow & Partial<Row>>(db, source, horizon, skipped);
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
      if (!last || BigInt(row.seq!) > BigInt(last.seq)) last = { seq: row.seq!, txid: row.txid! };
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
    const tree = parseTsquery(await tsqueryText(db, source.tsquery(text)));
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
    memory: () => index && { ...(index.memory() as ReturnType<Index['memory']>), loads, restores },
  };
}
