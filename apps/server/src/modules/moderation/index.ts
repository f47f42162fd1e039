// The moderation module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { maskContactDetails } from './contact-details.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { createModerationService, type ModerationService } from './moderation.service.ts';
