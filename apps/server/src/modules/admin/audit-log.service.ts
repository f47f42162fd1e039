import { paginationOf, type AuditLogParams, type AuditLogResponse } from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { likePattern } from './like-pattern.ts';

interface AuditRow {
  id: string;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  ip_address: string | null;
  created_at: string | Date;
}

/**
 * Beyond the spec, the audit log: every admin action, newest first, as it was recorded in the
 * action's own transaction. Nothing here changes it (the table refuses updates and deletes itself).
 */
export function createAuditLogService(dependencies: { db: Db }) {
  const { db } = dependencies;
  return {
    async list(actor: AdminActor, params: AuditLogParams): Promise<AuditLogResponse> {
      requirePermission(actor, 'view_audit_log');
      const filters: SQL[] = [];
      if (params.target_type) filters.push(sql`target_type = ${params.target_type}`);
      if (params.search) {
        const pattern = likePattern(params.search);
        filters.push(
          sql`(lower(admin_email) like lower(${pattern}) or lower(action) like lower(${pattern}) or target_id = ${params.search})`,
        );
      }
      const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const [rows, counted] = await Promise.all([
        rowsOf<AuditRow>(
          db,
          sql`select id, admin_email, action, target_type, target_id, reason, before, after, ip_address, created_at
            from admin_audit_log ${where} order by created_at desc, id desc offset ${params.skip} limit ${params.limit}`,
        ),
        rowsOf<{ total: number }>(db, sql`select count(*)::int as total from admin_audit_log ${where}`),
      ]);
      return {
        entries: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
        pagination: paginationOf(params.skip, params.limit, counted[0]?.total ?? 0),
      };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
