import { invoiceMessages, type TaxInvoice, type TaxInvoicesResponse } from '@mihna/shared';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { DocumentLanguage } from '../documents/document-texts.ts';
import type { PdfRenderer } from '../documents/pdf-renderer.ts';
import { decimal } from '../payments/payment-notices.ts';
import { invoiceDocument } from './invoice-document.ts';
import type { InvoicesRepository, TaxInvoiceRow } from './invoices.repository.ts';

const PAGE = 50;

const toInvoice = (row: TaxInvoiceRow): TaxInvoice => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  issued_at: row.issuedAt.toISOString(),
  job_id: row.jobId,
  job_title: row.jobTitle,
  currency: row.currency,
  net_amount: decimal(row.netMinor, row.currency),
  vat_amount: decimal(row.vatMinor, row.currency),
  total_amount: decimal(row.totalMinor, row.currency),
  vat_rate: row.vatRateBp / 100,
  buyer_country: row.buyerCountry,
});

/** A user's tax invoices: listed newest first, and each as a PDF, to the user invoiced only. */
export function createInvoicesService(dependencies: { repository: InvoicesRepository; pdf: PdfRenderer }) {
  const { repository, pdf } = dependencies;

  return {
    async list(actor: Actor, before?: string): Promise<TaxInvoicesResponse> {
      const rows = await repository.listForBuyer(actor.id, before && isRowId(before) ? before : undefined, PAGE + 1);
      const page = rows.slice(0, PAGE);
      return { invoices: page.map(toInvoice), next_before: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
    },

    async invoicePdf(actor: Actor, id: string, language: DocumentLanguage) {
      const row = isRowId(id) ? await repository.findInvoice(id) : undefined;
      // Someone else's invoice is not found either: its number and amounts are not theirs to learn.
      if (!row || row.buyerId !== actor.id) throw new AppError('not_found', invoiceMessages.notFound);
      return { pdf: await pdf.render('invoice', await invoiceDocument(row, language)), filename: `${row.number}-${language}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
