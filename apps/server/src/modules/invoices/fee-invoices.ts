import { gulfDateOf, money, splitVat, vatRateOf, type CurrencyCode, type Money } from '@mihna/shared';
import type { SQL } from 'drizzle-orm';
import { atTheEnd, type Tx } from '../../db/transaction.ts';
import type { BookedTransaction } from './booked-transaction.ts';
import { partyName } from '../profiles/index.ts';
import type { InvoicesRepository } from './invoices.repository.ts';

/** The seller printed on every invoice, as it is when the invoice is issued. */
export interface InvoiceSeller {
  name: string;
  vatNumber: string;
  /** The site's address when the invoice is written (an expression of the statement that writes it). */
  address: SQL<string>;
  /** The address as the Arabic invoice prints it (INVOICE_SELLER_ADDRESS_AR), when configured. */
  addressAr: string | undefined;
}

/** A fee the platform took in one ledger transaction, and from whom. */
interface FeeCharge {
  reference: string;
  kind: 'service_fee' | 'featured_fee';
  /** The professional whose release paid the service fee; the project's owner pays a featured fee. */
  payerId: string | null;
  jobId: string | null;
  total: Money;
  at: Date;
}

/** The fees in ledger transactions: credits to the platform's service fees and featured income. */
export function feeChargesOf(transactions: BookedTransaction[]): FeeCharge[] {
  const charges: FeeCharge[] = [];
  for (const transaction of transactions)
    for (const leg of transaction.legs) {
      const kind = leg.account.kind === 'service_fees' ? 'service_fee' : leg.account.kind === 'featured_income' ? 'featured_fee' : null;
      if (!kind || leg.amountMinor >= 0) continue;
      const payerId =
        kind === 'service_fee'
          ? (transaction.legs.find((other) => other.account.kind === 'professional_balance' && other.amountMinor < 0)?.account.ownerId ??
            null)
          : null;
      charges.push({
        reference: transaction.reference,
        kind,
        payerId,
        jobId: transaction.jobId ?? null,
        total: money(-leg.amountMinor, leg.account.currency as CurrencyCode),
        at: transaction.createdAt,
      });
    }
  return charges;
}

/** The Gulf calendar year an instant falls in. */
const gulfYearOf = (instant: Date) => Number(gulfDateOf(instant).slice(0, 4));

/**
 * Issues a tax invoice for every fee the ledger takes, in the fee's own database transaction
 * (decision 34). Numbers come from one counter per year, advanced at the end of the transaction: a
 * transaction that rolls back gives its numbers back with everything else, so they never skip, and
 * two fees never share one.
 */
export function createFeeInvoices(dependencies: { repository: InvoicesRepository; seller: InvoiceSeller }) {
  const { repository, seller } = dependencies;
  const queued = new WeakMap<Tx, FeeCharge[]>();

  async function issue(charges: FeeCharge[], tx: Tx) {
    if (charges.length === 0) return [];
    const buyers = await repository.findBuyers(charges, tx);
    const rows = charges.map((charge) => {
      const found = buyers.get(charge.reference);
      if (!found) throw new Error(`the fee ${charge.reference} has no payer to invoice`);
      const { buyer, jobTitle } = found;
      const rateBp = vatRateOf(buyer.country);
      const { netMinor, vatMinor } = splitVat(charge.total.minor, rateBp);
      return {
        year: gulfYearOf(charge.at),
        kind: charge.kind,
        ledgerReference: charge.reference,
        buyerId: buyer.id,
        buyerName: partyName(buyer),
        buyerCountry: buyer.country,
        buyerVatNumber: buyer.vatNumber,
        sellerName: seller.name,
        sellerAddress: seller.address,
        sellerAddressAr: seller.addressAr ?? null,
        sellerVatNumber: seller.vatNumber,
        jobId: charge.jobId,
        jobTitle,
        currency: charge.total.currency,
        netMinor,
        vatRateBp: rateBp,
        vatMinor,
        totalMinor: charge.total.minor,
        issuedAt: charge.at,
      };
    });
    return repository.issueStatements(rows);
  }

  return {
    /** Called by the ledger's writer with the transactions it wrote; the invoices are issued at the transaction's end. */
    queue: (transactions: BookedTransaction[], tx: Tx) => {
      const charges = feeChargesOf(transactions);
      if (charges.length === 0) return;
      let list = queued.get(tx);
      if (!list) {
        const created: FeeCharge[] = [];
        queued.set(tx, created);
        atTheEnd(tx, () => issue(created, tx));
        list = created;
      }
      list.push(...charges);
    },
  };
}

export type FeeInvoices = ReturnType<typeof createFeeInvoices>;
