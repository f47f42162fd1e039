import { z } from 'zod';

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
} as const;

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
});
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

export const taxInvoicesSchema = z.object({
  invoices: z.array(taxInvoiceSchema),
  /** Pass as `before` for the next, older page; null on the last. */
  next_before: z.string().nullable(),
});
export type TaxInvoicesResponse = z.infer<typeof taxInvoicesSchema>;
