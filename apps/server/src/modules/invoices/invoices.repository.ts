import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxInvoices } from '../../db/schema.ts';
import type { Part } from '../../db/together.ts';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type NewTaxInvoice = typeof taxInvoices.$inferInsert;

/** invoiceNumber (packages/shared/src/invoices.ts) in SQL, for a number taken in the statement that stores it. */
export const invoiceNumberSql = (year: number, sequence: SQL) =>
  sql`'MIH-' || ${String(year)}::text || '-' || lpad((${sequence})::text, greatest(6, length((${sequence})::text)), '0')`;

/** The tax invoices and their yearly counters (migration 0022): the only place that reads or writes them. */
export function createInvoicesRepository(db: Db) {
  return {
    /**
     * The statements that issue these invoices, numbered in order from their year's counter: to write
     * with others at the transaction's end (db/together.ts). The counter's row stays locked until the
     * transaction commits, and one that rolls back gives its numbers back, so they never skip.
     */
    issueStatements(rows: Omit<NewTaxInvoice, 'sequence' | 'number'>[]): Part[] {
      if (rows.length === 0) return [];
      const counts = new Map<number, number>();
      for (const row of rows) counts.set(row.year, (counts.get(row.year) ?? 0) + 1);
      // Years in order, so two transactions never take two years' counters in opposite orders.
      const years = [...counts].sort(([a], [b]) => a - b);
      const taken = new Map<number, number>();
      return [
        {
          name: 'invoice_numbers',
          statement: sql`insert into invoice_counters (year, last)
            select * from unnest(${sql.param(years.map(([year]) => year))}::int[], ${sql.param(years.map(([, count]) => count))}::int[])
            order by 1
            on conflict (year) do update set last = invoice_counters.last + excluded.last
            returning year, last`,
        },
        db
          .insert(taxInvoices)
          .values(
            rows.map((row) => {
              taken.set(row.year, (taken.get(row.year) ?? 0) + 1);
              // The counter's new last number, less those of this statement after this one.
              const sequence = sql`((select last from invoice_numbers where year = ${row.year}) - ${(counts.get(row.year) ?? 0) - (taken.get(row.year) ?? 0)})`;
              return { ...row, sequence, number: invoiceNumberSql(row.year, sequence) };
            }),
          )
          .getSQL(),
      ];
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
