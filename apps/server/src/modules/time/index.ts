// The time module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createTimeRepository } from './time.repository.ts';
export { timeRoutes } from './time.routes.ts';
export { createTimeService, type TimeService } from './time.service.ts';
export { createTimesheetsService, type TimesheetsService } from './timesheets.service.ts';
