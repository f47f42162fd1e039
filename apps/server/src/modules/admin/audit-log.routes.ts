import { auditLogParamsSchema, auditLogResponseSchema } from '@mihna/shared';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AuditLogService } from './audit-log.service.ts';

/** The audit log. */
export function auditLogRoutes(app: AdminApp, auditLog: AuditLogService) {
  app.get(
    '/audit-log',
    {
      config: { admin: 'view_audit_log' },
      schema: {
        tags: ['admin'],
        summary: 'Every admin action, newest first: who, what, to what, why, before and after, when and from where',
        security,
        querystring: auditLogParamsSchema,
        response: { 200: auditLogResponseSchema, ...refusals },
      },
    },
    async (request) => auditLog.list(actorOf(request), request.query),
  );
}
