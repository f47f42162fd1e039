/**
 * What invoices and receipts read of the transactions the ledger's writer has just booked: the
 * payments module hands its own (`NewLedgerTransaction`, which has this shape) to `queue`, so that
 * invoices depend on nothing of payments.
 */
export interface BookedTransaction {
  kind: string;
  reference: string;
  paymentId?: string | null;
  jobId?: string | null;
  createdAt: Date;
  legs: readonly { account: { kind: string; ownerId: string; currency: string }; amountMinor: number }[];
}
