import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxInvoices } from './invoices.schema.ts';
import type { Part } from '../../db/together.ts';
import type { Tx } from '../../db/transaction.ts';
import { rowsOf } from '../../db/rows.ts';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type NewTaxInvoice = typeof taxInvoices.$inferInsert;

/** What an invoice prints of its buyer and project. */
export interface InvoiceBuyer {
  jobTitle: string | null;
  buyer: {
    id: string;
    role: 'professional' | 'employer';
    firstName: string;
    lastName: string;
    companyName: string | null;
    country: string;
    vatNumber: string | null;
  };
}

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
    issueStatements(
      rows: (Omit<NewTaxInvoice, 'sequence' | 'number' | 'sellerAddress'> & { sellerAddress: string | SQL<string> })[],
    ): Part[] {
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

    /**
     * Who pays each fee (its payer, or else the owner of its project) and the project's title, in one
     * read: what the invoice prints of them as they are when it is issued.
     */
    async findBuyers(fees: { reference: string; payerId: string | null; jobId: string | null }[], tx: Tx) {
      if (fees.length === 0) return new Map<string, InvoiceBuyer>();
      const rows = await rowsOf<{
        reference: string;
        job_title: string | null;
        id: string;
        role: 'professional' | 'employer';
        first_name: string;
        last_name: string;
        company_name: string | null;
        country: string;
        vat_number: string | null;
      }>(
        tx,
        sql`select v.reference, j.title as job_title, u.id, u.role, u.first_name, u.last_name, u.company_name, u.country, u.vat_number
          from unnest(${sql.param(fees.map((fee) => fee.reference))}::text[], ${sql.param(fees.map((fee) => fee.payerId))}::uuid[],
            ${sql.param(fees.map((fee) => fee.jobId))}::uuid[]) as v(reference, payer_id, job_id)
          left join jobs j on j.id = v.job_id
          join users u on u.id = coalesce(v.payer_id, j.employer_id)`,
      );
      return new Map(
        rows.map((row) => [
          row.reference,
          {
            jobTitle: row.job_title,
            buyer: {
              id: row.id,
              role: row.role,
              firstName: row.first_name,
              lastName: row.last_name,
              companyName: row.company_name,
              country: row.country,
              vatNumber: row.vat_number,
            },
          },
        ]),
      );
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

    /** Of these invoices, the ones issued to the user (for the access rules): anyone else's are left out, so not found. */
    async buyerGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: taxInvoices.id })
        .from(taxInvoices)
        .where(and(inArray(taxInvoices.id, [...ids]), eq(taxInvoices.buyerId, userId)));
      return new Map(rows.map((row) => [row.id, true]));
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
