import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * A change log an in-memory index reads to stay current (search/live-index.ts): a row per changed
 * row, appended by a trigger in the changing transaction, found by transaction id; the hourly pruning
 * drops rows older than a day. `changedId` is null for a TRUNCATE: every row may have changed.
 */
export function changeLog(name: string, idColumn: string) {
  return pgTable(
    name,
    {
      seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      changedId: uuid(idColumn),
      txid: xid8('txid')
        .notNull()
        .default(sql`pg_current_xact_id()`),
      changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index(`${name}_txid_idx`).on(table.txid), index(`${name}_changed_at_idx`).on(table.changedAt)],
  );
}

/** A change log table (changeLog). */
export type ChangeLog = ReturnType<typeof changeLog>;
