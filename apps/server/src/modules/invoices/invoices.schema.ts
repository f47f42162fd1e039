import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A tax invoice for a fee the platform charged (decision 34): numbered without gaps per year, with
 * the VAT of the payer's country inside the fee, and the seller's and buyer's details as they were
 * when it was issued. Written by the ledger's writer in the same transaction as the fee.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['service_fee', 'featured_fee'] }).notNull(),
    /** The ledger transaction that charged the fee: one invoice per fee. */
    ledgerReference: text('ledger_reference').notNull(),
    /** No foreign keys: an invoice is a copy of who and what it was issued for, and a key would make
     *  the fee's transaction wait on locks held on the job or the user (decision 34). */
    buyerId: uuid('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerCountry: text('buyer_country').notNull(),
    /** The buyer's VAT number (TRN) when they had given one: an invoice to a registered business prints it. */
    buyerVatNumber: text('buyer_vat_number'),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    /** The seller's address in Arabic, for the Arabic invoice (INVOICE_SELLER_ADDRESS_AR); null on invoices issued before it was kept. */
    sellerAddressAr: text('seller_address_ar'),
    sellerVatNumber: text('seller_vat_number').notNull(),
    jobId: uuid('job_id'),
    jobTitle: text('job_title'),
    currency: text('currency').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    /** The VAT rate in basis points (500 is 5%). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('tax_invoices_number_idx').on(table.year, table.sequence),
    uniqueIndex('tax_invoices_reference_idx').on(table.ledgerReference),
    index('tax_invoices_buyer_idx').on(table.buyerId, table.year.desc().nullsFirst(), table.sequence.desc().nullsFirst()),
    check(
      'tax_invoices_adds_up',
      sql`${table.netMinor} + ${table.vatMinor} = ${table.totalMinor} and ${table.vatMinor} >= 0 and ${table.netMinor} > 0`,
    ),
  ],
);

/** Receipt numbers, never taken twice; a payment that rolls back leaves a gap, as a receipt is no tax invoice. */
export const receiptNumbers = pgSequence('receipt_numbers');

/** What a receipt lists as paid for: the milestones an escrow funding holds, or a week's approved hours. */
export type StoredReceiptLine =
  { kind: 'milestone'; title: string; amountMinor: number } | { kind: 'hours'; weekStart: string; seconds: number; amountMinor: number };

/**
 * The employer's receipt for each payment they make through the provider (escrow funded, a week's
 * hours paid), issued in the charge's own database transaction (decision 44): a copy of what was paid,
 * for what, by whom and to whom, as it was then. No foreign keys, as on tax invoices.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    /** The ledger transaction that took the payment: one receipt per charge. */
    ledgerReference: text('ledger_reference').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    purpose: text('purpose', { enum: ['escrow', 'milestone', 'timesheet'] }).notNull(),
    payerId: uuid('payer_id').notNull(),
    payerName: text('payer_name').notNull(),
    payerVatNumber: text('payer_vat_number'),
    sellerName: text('seller_name').notNull(),
    jobId: uuid('job_id'),
    jobTitle: text('job_title'),
    lines: jsonb('lines').$type<StoredReceiptLine[]>().notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The card provider's reference of the charge (its payment's id), else the checkout's. */
    paymentReference: text('payment_reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_receipts_reference_idx').on(table.ledgerReference),
    uniqueIndex('payment_receipts_sequence_idx').on(table.sequence),
    index('payment_receipts_payer_idx').on(table.payerId, table.sequence.desc()),
    check('payment_receipts_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** The last invoice number issued in each year: taken and advanced in the fee's own transaction, so numbers never skip. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
