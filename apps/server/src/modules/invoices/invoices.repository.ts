import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { taxInvoices } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type NewTaxInvoice = typeof taxInvoices.$inferInsert;

/** The tax invoices and their yearly counters (migration 0022): the only place that reads or writes them. */
export function createInvoicesRepository(db: Db) {
  return {
    /**
     * Takes `count` numbers of the year's counter in the caller's transaction and answers the first: a
     * transaction that rolls back gives them back, and the row stays locked until it commits.
     */
    async takeNumbers(year: number, count: number, tx: Tx) {
      const [row] = await rowsOf<{ last: number }>(
        tx,
        sql`insert into invoice_counters (year, last) values (${year}, ${count})
          on conflict (year) do update set last = invoice_counters.last + excluded.last
          returning last`,
      );
      if (!row) throw new Error('the invoice counter did not answer');
      return Number(row.last) - count + 1;
    },

    async insertInvoices(rows: NewTaxInvoice[], tx: Tx) {
      await tx.insert(taxInvoices).values(rows);
    },

    /** Up to `limit` of the buyer's invoices, newest number first, after the one `before` names (theirs only). */
    async listForBuyer(buyerId: string, before: string | undefined, limit: number) {
      const [cursor] = before
        ? await db
            .select({ year: taxInvoices.year, sequence: taxInvoices.sequence })
            .from(taxInvoices)
            .where(and(eq(taxInvoices.id, before), eq(taxInvoices.buyerId, buyerId)))
        : [];
      return (
        db
          .select()
          .from(taxInvoices)
          .where(
            and(
              eq(taxInvoices.buyerId, buyerId),
              cursor
                ? or(lt(taxInvoices.year, cursor.year), and(eq(taxInvoices.year, cursor.year), lt(taxInvoices.sequence, cursor.sequence)))
                : undefined,
            ),
          )
          // Newest first by number: numbers follow the order fees were charged in.
          .orderBy(desc(taxInvoices.year), desc(taxInvoices.sequence))
          .limit(limit)
      );
    },

    async findInvoice(id: string): Promise<TaxInvoiceRow | undefined> {
      const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, id));
      return row;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
