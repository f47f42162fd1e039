import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { bearerToken } from '../../plugins/request-identity.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import type { AdminAuthService } from './admin-auth.service.ts';
import { adminDisputesRoutes } from './admin-disputes.routes.ts';
import type { AdminDisputesService } from './admin-disputes.service.ts';
import { adminProjectsRoutes } from './admin-projects.routes.ts';
import type { AdminProjectsService } from './admin-projects.service.ts';
import { adminReportsRoutes } from './admin-reports.routes.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import type { AdminRule } from './admin-route-parts.ts';
import { adminTimeRoutes } from './admin-time.routes.ts';
import type { AdminTimeService } from './admin-time.service.ts';
import { adminTasksRoutes } from './admin-tasks.routes.ts';
import type { AdminTasksService } from './admin-tasks.service.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { adminsRoutes } from './admins.routes.ts';
import type { AdminsService } from './admins.service.ts';
import { auditLogRoutes } from './audit-log.routes.ts';
import type { AuditLogService } from './audit-log.service.ts';
import { consoleSettingsRoutes } from './console-settings.routes.ts';
import type { ConsoleSettingsService } from './console-settings.service.ts';
import type { DirectoryIndexes } from './directory-indexes.ts';
import { financialStatsRoutes } from './financial-stats.routes.ts';
import type { FinancialStatsService } from './financial-stats.service.ts';

export type { AdminRule } from './admin-route-parts.ts';

/** Every admin route and its rule, as registered: the test that walks them with every role reads this. */
export interface AdminRoute {
  method: string;
  url: string;
  rule: AdminRule;
}

/**
 * Admin spec §7's calls under /api/admin, each console area's in its own file (admin-*.routes.ts). The
 * guard runs when a request arrives, before its body is read: a call without a live admin session is
 * answered 401 (a platform user's token included), one without the route's permission 403, whatever it carries.
 */
export function adminRoutes(services: {
  auth: AdminAuthService;
  admins: AdminsService;
  settings: ConsoleSettingsService;
  financialStats: FinancialStatsService;
  users: AdminUsersService;
  projects: AdminProjectsService;
  time: AdminTimeService;
  disputes: AdminDisputesService;
  reports: AdminReportsService;
  tasks: AdminTasksService;
  auditLog: AuditLogService;
  /** The console's directories, loaded when staff first use the console. */
  directories: Pick<DirectoryIndexes, 'warm'>;
  rateLimiter: RateLimiter;
  table: AdminRoute[];
}): FastifyPluginAsyncZod {
  const {
    auth,
    admins,
    settings,
    financialStats,
    users,
    projects,
    time,
    disputes,
    reports,
    tasks,
    auditLog,
    directories,
    rateLimiter,
    table,
  } = services;
  return async (app) => {
    app.addHook('onRoute', (route) => {
      const rule = route.config?.admin;
      if (!rule) throw new Error(`${String(route.method)} ${route.url} declares no admin rule (config.admin)`);
      for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, rule });
    });
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.admin;
      if (!rule || rule === 'public') return;
      request.adminActor = await auth.requireAdmin(
        bearerToken(request),
        rule === 'signed_in' || rule === 'setup' ? null : rule,
        request.ip,
        rule === 'setup' ? 'setup' : 'console',
      );
      // The console opens on its dashboard: the directories load meanwhile, before staff open Users or Projects.
      directories.warm();
    });

    // In this order, the route table's (and the API description's).
    adminAuthRoutes(app, { auth, admins, rateLimiter });
    financialStatsRoutes(app, financialStats);
    adminUsersRoutes(app, { users, admins });
    adminProjectsRoutes(app, projects);
    adminTimeRoutes(app, time);
    adminDisputesRoutes(app, disputes);
    adminReportsRoutes(app, reports);
    auditLogRoutes(app, auditLog);
    adminTasksRoutes(app, tasks);
    adminsRoutes(app, admins);
    consoleSettingsRoutes(app, settings);
  };
}
