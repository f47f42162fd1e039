// The contact module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createContactRepository } from './contact.repository.ts';
export { contactRoutes } from './contact.routes.ts';
export { createContactService } from './contact.service.ts';
