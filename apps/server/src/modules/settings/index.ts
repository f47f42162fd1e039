// The settings module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createSettingsRepository } from './settings.repository.ts';
export { settingsRoutes } from './settings.routes.ts';
export { createSettingsService, type SettingsService } from './settings.service.ts';
