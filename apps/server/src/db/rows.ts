import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The rows of a raw statement, on either driver (both answer with `rows`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The rows of a raw statement run as a named prepared statement, as drizzle's `.prepare(name)` runs a
 * built query: each connection parses and plans it once, and the database may keep a generic plan.
 * For a hot statement whose planning costs more than its running; its text must not vary with its values.
 */
export async function preparedRowsOf<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const result: unknown = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/** Ids as the list of an `in (…)`. */
export const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The rows `read` finds for a page of ids an index chose, in the page's order; an id whose row is gone
 * (deleted since the index read it) is left out.
 */
export async function rowsInOrder<Row extends { id: string }>(
  ids: readonly string[],
  read: (ids: readonly string[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await read(ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
