import {
  decimalOf,
  invoiceMessages,
  type PaymentReceipt,
  type PaymentReceiptsResponse,
  type ReceiptLine,
  type TaxInvoice,
  type TaxInvoicesResponse,
} from '@mihna/shared';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { DocumentLanguage, PdfRenderer } from '../documents/index.ts';
import { createInvoicesAccess } from './invoices.access.ts';
import { invoiceDocument } from './invoice-document.ts';
import type { InvoicesRepository, TaxInvoiceRow } from './invoices.repository.ts';
import { receiptDocument } from './receipt-document.ts';
import type { PaymentReceiptRow, ReceiptsRepository } from './receipts.repository.ts';

const PAGE = 50;

const toInvoice = (row: TaxInvoiceRow): TaxInvoice => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  issued_at: row.issuedAt.toISOString(),
  job_id: row.jobId,
  job_title: row.jobTitle,
  currency: row.currency,
  net_amount: decimalOf(row.netMinor, row.currency),
  vat_amount: decimalOf(row.vatMinor, row.currency),
  total_amount: decimalOf(row.totalMinor, row.currency),
  vat_rate: row.vatRateBp / 100,
  buyer_country: row.buyerCountry,
  buyer_vat_number: row.buyerVatNumber,
});

const toReceipt = (row: PaymentReceiptRow): PaymentReceipt => ({
  id: row.id,
  number: row.number,
  purpose: row.purpose,
  paid_at: row.paidAt.toISOString(),
  job_id: row.jobId,
  job_title: row.jobTitle,
  currency: row.currency,
  amount: decimalOf(row.amountMinor, row.currency),
  payment_reference: row.paymentReference,
  lines: row.lines.map((line): ReceiptLine =>
    line.kind === 'milestone'
      ? { kind: 'milestone', title: line.title, amount: decimalOf(line.amountMinor, row.currency) }
      : { kind: 'hours', week_start: line.weekStart, seconds: line.seconds, amount: decimalOf(line.amountMinor, row.currency) },
  ),
});

/**
 * A user's tax invoices, and an employer's receipts for the payments they made: listed newest first,
 * and each as a PDF, to the user invoiced or the payer only.
 */
export function createInvoicesService(dependencies: { repository: InvoicesRepository; receipts: ReceiptsRepository; pdf: PdfRenderer }) {
  const { repository, receipts, pdf } = dependencies;
  const access = createInvoicesAccess({ invoices: repository, receipts });

  return {
    async list(actor: Actor, before?: string): Promise<TaxInvoicesResponse> {
      const rows = await repository.listForBuyer(actor.id, before && isRowId(before) ? before : undefined, PAGE + 1);
      const page = rows.slice(0, PAGE);
      return { invoices: page.map(toInvoice), next_before: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
    },

    async invoicePdf(actor: Actor, id: string, language: DocumentLanguage) {
      await access.require(actor, 'invoice.read', id);
      const row = await repository.findInvoice(id);
      if (!row) throw new AppError('not_found', invoiceMessages.notFound);
      return { pdf: await pdf.render('invoice', await invoiceDocument(row, language)), filename: `${row.number}-${language}.pdf` };
    },

    async listReceipts(actor: Actor, filter: { before?: string; jobId?: string }): Promise<PaymentReceiptsResponse> {
      if (filter.jobId !== undefined && !isRowId(filter.jobId)) return { receipts: [], next_before: null };
      const before = filter.before && isRowId(filter.before) ? filter.before : undefined;
      const rows = await receipts.listForPayer(actor.id, { before, jobId: filter.jobId }, PAGE + 1);
      const page = rows.slice(0, PAGE);
      return { receipts: page.map(toReceipt), next_before: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
    },

    async receiptPdf(actor: Actor, id: string, language: DocumentLanguage) {
      await access.require(actor, 'receipt.read', id);
      const row = await receipts.findReceipt(id);
      if (!row) throw new AppError('not_found', invoiceMessages.receiptNotFound);
      return { pdf: await pdf.render('receipt', receiptDocument(row, language)), filename: `${row.number}-${language}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
