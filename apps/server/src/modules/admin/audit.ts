import type { AdminActor } from './admin-auth.service.ts';
import type { AuditEntry } from './admins.repository.ts';

/**
 * An audit entry of what `actor` did: who, from which address, what, to what, why, and the target
 * before and after. Services write it with the change, in the same transaction (insertAudit).
 */
export const auditEntry = (
  actor: AdminActor,
  entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'reason' | 'before' | 'after'>,
): AuditEntry => ({ adminId: actor.id, adminEmail: actor.email, ipAddress: actor.ipAddress, ...entry });
