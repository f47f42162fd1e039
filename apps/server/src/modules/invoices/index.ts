// The invoices module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createFeeInvoices } from './fee-invoices.ts';
export { createInvoicesRepository } from './invoices.repository.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { createInvoicesService } from './invoices.service.ts';
export { createPaymentReceipts } from './payment-receipts.ts';
export { createReceiptsRepository } from './receipts.repository.ts';
