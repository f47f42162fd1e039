// The delivery module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { type Channel, createDeliveryRepository } from './delivery.repository.ts';
export { createDeliveryService, type DeliveryService } from './delivery.service.ts';
export { outboxRoutes } from './outbox.routes.ts';
export { createTransports, type Transport } from './transports.ts';
