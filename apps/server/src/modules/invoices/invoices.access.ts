import { invoiceMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import type { ReceiptsRepository } from './receipts.repository.ts';

/**
 * Who may read a tax invoice or a receipt (lib/access.ts): the user invoiced, the payer. To anyone
 * else it is not found either (404, never 403): its number and amounts are not theirs to learn.
 */
export function createInvoicesAccess(repositories: {
  invoices: Pick<InvoicesRepository, 'buyerGrants'>;
  receipts: Pick<ReceiptsRepository, 'payerGrants'>;
}) {
  return defineAccess({
    'invoice.read': {
      refusal: invoiceMessages.notFound,
      notFound: invoiceMessages.notFound,
      grants: (actor, ids) => repositories.invoices.buyerGrants(actor.id, ids),
    },
    'receipt.read': {
      refusal: invoiceMessages.receiptNotFound,
      notFound: invoiceMessages.receiptNotFound,
      grants: (actor, ids) => repositories.receipts.payerGrants(actor.id, ids),
    },
  });
}
