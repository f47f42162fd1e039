import type { Db } from './client.ts';
import { writeTogether, type Part } from './together.ts';

declare const insideTransaction: unique symbol;

/**
 * A handle that is inside a database transaction. Write functions that must commit together with
 * others (the ledger, the state changes money hangs on) take a `Tx`: a plain `Db` does not satisfy
 * it, so forgetting to pass the transaction is a type error, not a silent write outside it.
 */
export type Tx = Db & { readonly [insideTransaction]: true };

/** A last step: it may read what it needs, and answers the statements it writes. */
type LastStep = () => Part[] | Promise<Part[]>;
interface Ending {
  /** Statements written at the end before the steps': those of the transaction's own work. */
  writes: Part[];
  steps: LastStep[];
}
const endings = new WeakMap<Tx, Ending>();

const endingOf = (tx: Tx) => {
  const ending = endings.get(tx);
  if (!ending) throw new Error('writing at the end needs a transaction opened by transaction()');
  return ending;
};

/**
 * Runs `step` at the end of the transaction, after all its other work and just before it commits:
 * for writes that lock rows many transactions share (monthly totals, the invoice counter), so that
 * each transaction takes those locks last, all at once and in one order, and no two wait on each
 * other in a cycle. The steps' statements are written together, in one round trip (together.ts), so
 * the shared rows stay locked for no longer than that statement and the commit.
 */
export function atTheEnd(tx: Tx, step: LastStep) {
  endingOf(tx).steps.push(step);
}

/**
 * Writes these statements with the end's, in its one round trip and before the steps' statements
 * (so in the order the rest of the transaction would have taken their locks): for the last writes of
 * a transaction whose every round trip counts.
 */
export function writeAtTheEnd(tx: Tx, parts: Part[]) {
  endingOf(tx).writes.push(...parts);
}

/** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (opened) => {
    const tx = opened as unknown as Tx;
    const ending: Ending = { writes: [], steps: [] };
    endings.set(tx, ending);
    const result = await work(tx);
    const parts = [...ending.writes];
    for (const step of ending.steps) parts.push(...(await step()));
    await writeTogether(tx, parts);
    return result;
  });
}
