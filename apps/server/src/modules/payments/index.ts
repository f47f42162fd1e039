// The payments module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { type CheckoutService } from './checkout.service.ts';
export { type HourlyBilling } from './hourly-billing.ts';
export { completionNotices } from './milestone-approvals.ts';
export { createMoneyServices } from './money-services.ts';
export { amountParams, paymentNotice } from './payment-notices.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { type PaymentsService } from './payments.service.ts';
export { payoutsRoutes } from './payouts.routes.ts';
export { completeTestCheckout, testGatewayRoutes } from './test-gateway.routes.ts';
export { listUserMovements } from './user-movements.repository.ts';
export { formatInbox, readInbox, retryNow } from './webhook-inbox.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
