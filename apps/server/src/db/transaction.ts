import type { Db } from './client.ts';

declare const insideTransaction: unique symbol;

/**
 * A handle that is inside a database transaction. Write functions that must commit together with
 * others (the ledger, the state changes money hangs on) take a `Tx`: a plain `Db` does not satisfy
 * it, so forgetting to pass the transaction is a type error, not a silent write outside it.
 */
export type Tx = Db & { readonly [insideTransaction]: true };

/** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}
