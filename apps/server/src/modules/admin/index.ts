// The admin module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createAdminAuthService } from './admin-auth.service.ts';
export { createAdminDisputesService } from './admin-disputes.service.ts';
export { createAdminProjectsService } from './admin-projects.service.ts';
export { createAdminReportsService } from './admin-reports.service.ts';
export { createAdminTasksService } from './admin-tasks.service.ts';
export { createAdminTimeService } from './admin-time.service.ts';
export { createAdminUsersService } from './admin-users.service.ts';
export { type AdminRoute, adminRoutes } from './admin.routes.ts';
export { createAdminsRepository } from './admins.repository.ts';
export { createAdminsService } from './admins.service.ts';
export { createAuditLogService } from './audit-log.service.ts';
export { createConsoleSettingsService } from './console-settings.service.ts';
export { createDirectoryIndexes } from './directory-indexes.ts';
export { createFinancialStatsService } from './financial-stats.service.ts';
