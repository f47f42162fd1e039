import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ChangeLog } from '../db/columns.ts';
import { rowsOf } from '../db/rows.ts';
import type { IndexSource, MemoryIndex } from './index-source.ts';

// What a live index (live-index.ts) reads of the database: its source rows in one snapshot, and the changes since.

/** More changes than this at once (a bulk import) are read as a whole new index. */
export const reloadAbove = 50_000;
const batchSize = 10_000;

/** The source row's creation time in microseconds, as `created_us` (text: a bigint exceeds what a number holds exactly on some drivers). */
export const createdUsColumn = sql`(extract(epoch from s.created_at) * 1000000)::bigint::text as created_us`;

/** A text array read as one string (`chr(31)` between elements), which costs far less to read than an array. */
export const joined = (array: SQL) => sql`coalesce(array_to_string(${array}, chr(31)), '')`;

const horizonOf = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** Drops a change log's rows older than a day, which every index has read (one that has not read for six hours reloads). */
export async function pruneChanges(db: Db, log: ChangeLog) {
  await db.delete(log).where(sql`${log.changedAt} < now() - interval '1 day'`);
}

/** A change in a change log, as its sequence number and transaction id. */
export interface LoggedChange {
  seq: string;
  txid: string;
}

/**
 * Every source row, read in one snapshot, the horizon from which later changes are to be read, and
 * the last change that snapshot saw (none when the log is empty).
 */
export async function loadIndex<Row extends { id: string }, Doc, Index extends MemoryIndex<Doc>>(
  db: Db,
  source: IndexSource<Row, Doc, Index>,
): Promise<{ index: Index; horizon: string; last: LoggedChange | undefined }> {
  return db.transaction(
    async (tx) => {
      const [snapshot] = await rowsOf<{ horizon: string; seq: string | null; txid: string | null }>(
        tx,
        sql`select ${horizonOf} as horizon, last.seq, last.txid
          from (select 1) one left join (select log.seq::text as seq, log.txid::text as txid from (${source.changes}) log order by log.seq desc limit 1) last on true`,
      );
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
      const { horizon, seq, txid } = snapshot!;
      return { index, horizon, last: seq === null || txid === null ? undefined : { seq, txid } };
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

/** The changes after `horizon` not yet applied, each with its row as it is now (changesSince). */
export const readChanges = <Row>(
  db: Db,
  source: Pick<IndexSource<never, never, never>, 'rows' | 'columns' | 'changes'>,
  horizon: string,
  skipped: string[],
) => rowsOf<Row>(db, changesSince(source, horizon, skipped));

/**
 * Which database this is, as a snapshot of an index records it: the cluster's system identifier and
 * timeline (a point-in-time recovery starts a new one), the database's name and oid (one dropped and
 * made again under its name has another), and its last migration. A snapshot of another database, or
 * of this one before a migration, is not read.
 */
export async function databaseIdentity(db: Db) {
  const [row] = await rowsOf<{ identity: string }>(
    db,
    sql`select concat_ws('/', (select system_identifier::text from pg_control_system()),
      (select timeline_id::text from pg_control_checkpoint()), current_database(),
      (select oid::text from pg_database where datname = current_database()),
      (select max(created_at)::text from drizzle.__drizzle_migrations)) as identity`,
  );
  return row!.identity;
}

/**
 * Whether an index saved at `horizon`, having read up to the change `last`, can go on from the
 * changes since: the database has not gone back before them (a restore of a backup), and that change
 * is still in the log, as it was.
 */
export async function canGoOnFrom(
  db: Db,
  source: Pick<IndexSource<never, never, never>, 'changes'>,
  horizon: string,
  last: LoggedChange | undefined,
) {
  const [row] = await rowsOf<{ fits: boolean }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot()) >= ${horizon}::xid8
      and ${last ? sql`exists (select 1 from (${source.changes}) log where seq = ${last.seq}::bigint and txid = ${last.txid}::xid8)` : sql`true`} as fits`,
  );
  return row!.fits;
}

/** The tsquery a search text stands for, as the database's parser makes it. */
export async function tsqueryText(db: Db, query: SQL) {
  const [row] = await rowsOf<{ query: string }>(db, sql`select (${query})::text as query`);
  return row?.query ?? '';
}

function toBigintArray(values: string[]): SQL {
  return values.length === 0
    ? sql`array[]::bigint[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}::bigint`),
        sql`, `,
      )}]`;
}
