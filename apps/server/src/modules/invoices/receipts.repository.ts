import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentReceipts, type StoredReceiptLine } from './invoices.schema.ts';
import type { Part } from '../../db/together.ts';
import type { Tx } from '../../db/transaction.ts';
import { rowsOf } from '../../db/rows.ts';

export type PaymentReceiptRow = typeof paymentReceipts.$inferSelect;
export type NewPaymentReceipt = typeof paymentReceipts.$inferInsert;

/** A payment the ledger took into escrow from a checkout, as the ledger's writer handed it over. */
export interface ChargeTaken {
  reference: string;
  checkoutId: string;
  paymentId: string | null;
  jobId: string | null;
  at: Date;
}

/** What a receipt prints of a charge, read in its own transaction as it stands when the receipt is issued. */
export interface ChargeDetails {
  reference: string;
  sequence: number;
  purpose: PaymentReceiptRow['purpose'];
  providerPaymentId: string | null;
  language: 'en' | 'ar' | null;
  payer: {
    id: string;
    role: 'professional' | 'employer';
    firstName: string;
    lastName: string;
    companyName: string | null;
    email: string;
    vatNumber: string | null;
  };
  jobTitle: string | null;
  lines: StoredReceiptLine[];
}

/** The employer's payment receipts: the only place that reads or writes them. */
export function createReceiptsRepository(db: Db) {
  return {
    /**
     * Everything the receipts of these charges print, in one read: the checkout's payer and the
     * provider's reference, the project, and what the charge holds in escrow (the holds it opened: one per
     * milestone, the week's approved hours for a timesheet's), each with a receipt number of its own.
     */
    async findCharges(charges: ChargeTaken[], tx: Tx): Promise<ChargeDetails[]> {
      if (charges.length === 0) return [];
      const rows = await rowsOf<{
        reference: string;
        sequence: string | number;
        purpose: PaymentReceiptRow['purpose'];
        provider_payment_id: string | null;
        language: 'en' | 'ar' | null;
        payer_id: string;
        role: 'professional' | 'employer';
        first_name: string;
        last_name: string;
        company_name: string | null;
        email: string;
        vat_number: string | null;
        job_title: string | null;
        lines: { title: string; amount_minor: number | string; week_start: string | null; seconds: number | null }[];
      }>(
        tx,
        sql`select v.reference, nextval('receipt_numbers') as sequence, c.purpose, c.provider_payment_id, c.language,
            u.id as payer_id, u.role, u.first_name, u.last_name, u.company_name, u.email, u.vat_number, j.title as job_title,
            coalesce((
              select json_agg(json_build_object('title', m.title, 'amount_minor', h.amount_minor, 'week_start', t.week_start,
                'seconds', t.approved_seconds) order by m.position)
              from ledger_holds h
              join milestones m on m.id = h.milestone_id
              left join timesheets t on t.milestone_id = h.milestone_id
              where h.payment_id = v.payment_id and h.created_at = v.at
            ), '[]'::json) as lines
          from unnest(${sql.param(charges.map((charge) => charge.reference))}::text[],
            ${sql.param(charges.map((charge) => charge.checkoutId))}::uuid[],
            ${sql.param(charges.map((charge) => charge.paymentId))}::uuid[],
            ${sql.param(charges.map((charge) => charge.jobId))}::uuid[],
            ${sql.param(charges.map((charge) => charge.at.toISOString()))}::timestamptz[]) as v(reference, checkout_id, payment_id, job_id, at)
          join checkouts c on c.id = v.checkout_id
          join users u on u.id = c.payer_id
          left join jobs j on j.id = v.job_id`,
      );
      return rows.map((row) => ({
        reference: row.reference,
        sequence: Number(row.sequence),
        purpose: row.purpose,
        providerPaymentId: row.provider_payment_id,
        language: row.language,
        payer: {
          id: row.payer_id,
          role: row.role,
          firstName: row.first_name,
          lastName: row.last_name,
          companyName: row.company_name,
          email: row.email,
          vatNumber: row.vat_number,
        },
        jobTitle: row.job_title,
        lines: row.lines.map((line): StoredReceiptLine =>
          line.week_start !== null && line.seconds !== null
            ? { kind: 'hours', weekStart: line.week_start, seconds: line.seconds, amountMinor: Number(line.amount_minor) }
            : { kind: 'milestone', title: line.title, amountMinor: Number(line.amount_minor) },
        ),
      }));
    },

    /** The statement that stores these receipts, to write with others at the transaction's end (db/together.ts). */
    insertStatement: (rows: NewPaymentReceipt[]): Part => (rows.length > 0 ? db.insert(paymentReceipts).values(rows).getSQL() : undefined),

    /** Up to `limit` of the payer's receipts (of one project, when asked), newest first, after the one `before` names. */
    async listForPayer(payerId: string, filter: { before?: string; jobId?: string }, limit: number) {
      const [cursor] = filter.before
        ? await db
            .select({ sequence: paymentReceipts.sequence })
            .from(paymentReceipts)
            .where(and(eq(paymentReceipts.id, filter.before), eq(paymentReceipts.payerId, payerId)))
        : [];
      return db
        .select()
        .from(paymentReceipts)
        .where(
          and(
            eq(paymentReceipts.payerId, payerId),
            filter.jobId ? eq(paymentReceipts.jobId, filter.jobId) : undefined,
            cursor ? lt(paymentReceipts.sequence, cursor.sequence) : undefined,
          ),
        )
        .orderBy(desc(paymentReceipts.sequence))
        .limit(limit);
    },

    async findReceipt(id: string): Promise<PaymentReceiptRow | undefined> {
      const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.id, id));
      return row;
    },

    /** Of these receipts, the ones for payments the user made (for the access rules): anyone else's are left out, so not found. */
    async payerGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: paymentReceipts.id })
        .from(paymentReceipts)
        .where(and(inArray(paymentReceipts.id, [...ids]), eq(paymentReceipts.payerId, userId)));
      return new Map(rows.map((row) => [row.id, true]));
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
