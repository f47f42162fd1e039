import { is, SQL, sql } from 'drizzle-orm';
import type { Tx } from './transaction.ts';

/** A statement to write with others; a named one's RETURNING rows can be read by the parts after it, by its name. */
export type Part = SQL | { name: string; statement: SQL } | undefined;

/**
 * Writes several statements as one, in one round trip: each becomes a part of a WITH, and the
 * database runs every part to completion. On this kind of machine a round trip to the database costs
 * more than most statements do, so writes that belong together go together. Modules still write only
 * their own tables: each hands over its statement, built by its repository. The parts see the same
 * snapshot and not each other's changes (only a named part's RETURNING rows), so no two may change the
 * same rows; their order is fixed by the statement's shape, so transactions built the same way take
 * their locks in the same order.
 */
export async function writeTogether(tx: Tx, parts: Part[]) {
  const named = parts.flatMap((part, index) =>
    part === undefined ? [] : is(part, SQL) ? [{ name: `part${index}`, statement: part, isNamed: false }] : [{ ...part, isNamed: true }],
  );
  const [only] = named;
  if (!only) return;
  if (named.length === 1 && !only.isNamed) {
    await tx.execute(only.statement);
    return;
  }
  await tx.execute(
    sql`with ${sql.join(
      named.map(({ name, statement }) => sql`${sql.identifier(name)} as (${statement})`),
      sql`, `,
    )} select 1`,
  );
}
