// The newsletter module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createNewsletterRepository } from './newsletter.repository.ts';
export { newsletterRoutes } from './newsletter.routes.ts';
