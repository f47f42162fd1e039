import { paginationOf, type AuditLogParams, type AuditLogResponse } from '@mihna/shared';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';

/**
 * Beyond the spec, the audit log: every admin action, newest first, as it was recorded in the
 * action's own transaction. Nothing here changes it (the table refuses updates and deletes itself).
 */
export function createAuditLogService(dependencies: { repository: Pick<AdminsRepository, 'listAudit'> }) {
  const { repository } = dependencies;
  return {
    async list(actor: AdminActor, params: AuditLogParams): Promise<AuditLogResponse> {
      requirePermission(actor, 'view_audit_log');
      const { rows, total } = await repository.listAudit(params);
      return {
        entries: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
        pagination: paginationOf(params.skip, params.limit, total),
      };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
