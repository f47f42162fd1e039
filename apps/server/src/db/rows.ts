import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw statement, on either driver (both answer with `rows`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
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
