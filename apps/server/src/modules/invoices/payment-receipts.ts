import { money, receiptNumber, type CurrencyCode, type Money } from '@mihna/shared';
import { atTheEnd, type Tx } from '../../db/transaction.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { BookedTransaction } from './booked-transaction.ts';
import { partyName } from '../profiles/index.ts';
import { receiptEmail } from './receipt-document.ts';
import type { ChargeTaken, NewPaymentReceipt, ReceiptsRepository } from './receipts.repository.ts';

const CHECKOUT_REFERENCE = /^checkout:([0-9a-f-]{36})$/;

/** The payments an employer made in these ledger transactions: charges through a checkout, taken into escrow. */
export function chargesTakenOf(transactions: BookedTransaction[]): (ChargeTaken & { amount: Money })[] {
  return transactions.flatMap((transaction) => {
    const checkoutId = CHECKOUT_REFERENCE.exec(transaction.reference)?.[1];
    if (transaction.kind !== 'escrow_funded' || !checkoutId) return [];
    const cash = transaction.legs.find((leg) => leg.account.kind === 'provider_cash' && leg.amountMinor > 0);
    if (!cash) return [];
    return [
      {
        reference: transaction.reference,
        checkoutId,
        paymentId: transaction.paymentId ?? null,
        jobId: transaction.jobId ?? null,
        at: transaction.createdAt,
        amount: money(cash.amountMinor, cash.account.currency as CurrencyCode),
      },
    ];
  });
}

/**
 * Issues the employer's receipt for every payment the ledger takes into escrow (an escrow funded, a
 * week's hours paid), whichever service took it, and e-mails it to them in the language they paid
 * in: both written at the end of the charge's own database transaction, so a payment that rolls back
 * takes its receipt and its e-mail with it (decision 44). The receipt is a copy, as it was then.
 */
export function createPaymentReceipts(dependencies: {
  repository: ReceiptsRepository;
  delivery: DeliveryService;
  /** Who received the payment: the marketplace's legal name, as on its tax invoices. */
  sellerName: string;
  publicUrl: string;
}) {
  const { repository, delivery, sellerName, publicUrl } = dependencies;
  const queued = new WeakMap<Tx, ReturnType<typeof chargesTakenOf>>();

  async function issue(charges: ReturnType<typeof chargesTakenOf>, tx: Tx) {
    const details = new Map((await repository.findCharges(charges, tx)).map((found) => [found.reference, found]));
    const receipts = charges.map((charge) => {
      const found = details.get(charge.reference);
      if (!found) throw new Error(`the payment ${charge.reference} has no checkout or payer to give a receipt to`);
      const row: NewPaymentReceipt = {
        sequence: found.sequence,
        number: receiptNumber(found.sequence),
        ledgerReference: charge.reference,
        checkoutId: charge.checkoutId,
        purpose: found.purpose,
        payerId: found.payer.id,
        payerName: partyName(found.payer),
        payerVatNumber: found.payer.vatNumber,
        sellerName,
        jobId: charge.jobId,
        jobTitle: found.jobTitle,
        lines: found.lines,
        currency: charge.amount.currency,
        amountMinor: charge.amount.minor,
        paymentReference: found.providerPaymentId ?? charge.checkoutId,
        paidAt: charge.at,
      };
      return { row, email: found.payer.email, language: found.language ?? 'en' };
    });
    return [
      repository.insertStatement(receipts.map(({ row }) => row)),
      delivery.enqueueStatement(
        receipts.map(({ row, email, language }) => ({ channel: 'email' as const, to: email, ...receiptEmail(row, language, publicUrl) })),
      ),
    ];
  }

  return {
    /** Called by the ledger's writer with the transactions it wrote; the receipts are issued at the transaction's end. */
    queue: (transactions: BookedTransaction[], tx: Tx) => {
      const charges = chargesTakenOf(transactions);
      if (charges.length === 0) return;
      let list = queued.get(tx);
      if (!list) {
        const created: ReturnType<typeof chargesTakenOf> = [];
        queued.set(tx, created);
        atTheEnd(tx, () => issue(created, tx));
        list = created;
      }
      list.push(...charges);
    },
  };
}

export type PaymentReceipts = ReturnType<typeof createPaymentReceipts>;
