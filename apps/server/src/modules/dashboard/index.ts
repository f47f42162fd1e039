// The dashboard module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createDashboardRepository } from './dashboard.repository.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
export { createDashboardService, type DashboardService } from './dashboard.service.ts';
