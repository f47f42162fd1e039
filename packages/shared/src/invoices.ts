import { z } from 'zod';
import { toWesternDigits } from './plain-text.ts';

/**
 * VAT by the payer's country, in basis points (500 is 5%): the rates in force in the Gulf. Qatar and
 * Kuwait have no VAT. A payer elsewhere is charged the UAE's, where the platform supplies from.
 */
export const VAT_RATES_BP = { AE: 500, SA: 1500, BH: 1000, OM: 500, QA: 0, KW: 0 } as const;
export const vatRateOf = (country: string): number => VAT_RATES_BP[country as keyof typeof VAT_RATES_BP] ?? VAT_RATES_BP.AE;

/**
 * A price that includes VAT, split into its net amount and the VAT in it, in integer minor units:
 * net = total × 10,000 / (10,000 + rate), rounded half up; the VAT is the rest, so the two always add up.
 */
export function splitVat(totalMinor: number, rateBp: number): { netMinor: number; vatMinor: number } {
  const divisor = 10_000 + rateBp;
  const netMinor = Math.floor((totalMinor * 20_000 + divisor) / (2 * divisor));
  return { netMinor, vatMinor: totalMinor - netMinor };
}

/** An invoice number: MIH-2026-000042, the 42nd invoice of 2026. */
export const invoiceNumber = (year: number, sequence: number) => `MIH-${year}-${String(sequence).padStart(6, '0')}`;

export const invoiceMessages = {
  notFound: 'Invoice not found',
  receiptNotFound: 'Receipt not found',
  /** Worded as the specification words the phone number's rule. */
  vatNumberInvalid: 'Please enter a valid VAT number (15 digits)',
} as const;

/**
 * A business's VAT registration number, which its tax invoices print as the buyer's: the UAE's TRN
 * and the Saudi, Bahraini and Omani numbers are 15 digits. Spaces and dashes people copy from a
 * certificate are dropped and Arabic-Indic digits read as 0–9; empty clears it.
 */
export const vatNumberSchema = z
  .string()
  .nullable()
  .transform((value) => toWesternDigits(value ?? '').replace(/[\s-]/g, '') || null)
  .refine((value) => value === null || /^\d{15}$/.test(value), invoiceMessages.vatNumberInvalid);

export const invoiceKinds = ['service_fee', 'featured_fee'] as const;

export const taxInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  issued_at: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  currency: z.string(),
  net_amount: z.number(),
  vat_amount: z.number(),
  total_amount: z.number(),
  /** Percent: 5 for 5%. */
  vat_rate: z.number(),
  buyer_country: z.string(),
  /** The buyer's VAT number (TRN) as printed on the invoice, when they had given one. */
  buyer_vat_number: z.string().nullable(),
});
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

export const taxInvoicesSchema = z.object({
  invoices: z.array(taxInvoiceSchema),
  /** Pass as `before` for the next, older page; null on the last. */
  next_before: z.string().nullable(),
});
export type TaxInvoicesResponse = z.infer<typeof taxInvoicesSchema>;

/** A receipt number: MIH-R-000042, the 42nd payment receipt. */
export const receiptNumber = (sequence: number) => `MIH-R-${String(sequence).padStart(6, '0')}`;

/** What a receipt says the payment was for: funding escrow (milestones) or a week's approved hours. */
export const receiptLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('milestone'), title: z.string(), amount: z.number() }),
  z.object({ kind: z.literal('hours'), week_start: z.string(), seconds: z.number().int(), amount: z.number() }),
]);
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** The employer's receipt for one payment they made: escrow funded, or a week's hours paid. */
export const paymentReceiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  purpose: z.enum(['escrow', 'milestone', 'timesheet']),
  paid_at: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  currency: z.string(),
  amount: z.number(),
  /** The card provider's reference of the charge. */
  payment_reference: z.string(),
  lines: z.array(receiptLineSchema),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const paymentReceiptsSchema = z.object({
  receipts: z.array(paymentReceiptSchema),
  /** Pass as `before` for the next, older page; null on the last. */
  next_before: z.string().nullable(),
});
export type PaymentReceiptsResponse = z.infer<typeof paymentReceiptsSchema>;
