// The messaging module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { attachmentHeaders } from './attachments.ts';
export { toMessageResponse } from './message-response.ts';
export { createMessageHub } from './messaging-hub.ts';
export { createMessagingRepository, type MessagingRepository } from './messaging.repository.ts';
export { messagingRoutes } from './messaging.routes.ts';
export { createMessagingService, type MessagingService } from './messaging.service.ts';
export { backdateConversation, markAllConversationsEmailed } from './messaging.repository.ts';
