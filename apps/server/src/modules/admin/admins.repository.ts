import type { AuditLogParams } from '@mihna/shared';
import { totpAuthenticators } from '../security/security.schema.ts';
import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { adminAuditLog, adminSessions, admins } from './admin.schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { likePattern } from './like-pattern.ts';

export type AdminRow = typeof admins.$inferSelect;
export type AuditEntry = typeof adminAuditLog.$inferInsert;

const live = isNull(admins.deletedAt);

/** An entry of the audit log as the console lists it. */
export interface AuditRow {
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

/** The admins table, their sessions and the audit log: the admin module owns all three. */
export function createAdminsRepository(db: Db) {
  return {
    async findByEmail(email: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(admins)
        .where(and(sql`lower(${admins.email}) = ${email.trim().toLowerCase()}`, live));
      return row;
    },
    async findById(id: string) {
      const [row] = await db
        .select()
        .from(admins)
        .where(and(eq(admins.id, id), live));
      return row;
    },
    /** The admin, locked for the rest of the transaction so that two changes to it queue. */
    async lockById(id: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(admins)
        .where(and(eq(admins.id, id), live))
        .for('update');
      return row;
    },
    /** Every admin, with whether it has set up its second factor. */
    async list() {
      return db
        .select({
          admin: admins,
          hasSecondFactor: sql<boolean>`exists (select 1 from ${totpAuthenticators} where ${totpAuthenticators}.admin_id = ${admins}.id and ${totpAuthenticators}.confirmed_at is not null)`,
        })
        .from(admins)
        .where(live)
        .orderBy(asc(admins.createdAt), asc(admins.id));
    },
    async countAny() {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(admins)
        .where(live);
      return row?.count ?? 0;
    },
    /**
     * Every active super admin, locked in id order: a change that could leave none takes these first,
     * so two such changes queue (in one order, never waiting on each other) and the second sees what
     * the first left.
     */
    async lockActiveSuperAdmins(tx: Tx) {
      return tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.role, 'super_admin'), eq(admins.status, 'active'), live))
        .orderBy(asc(admins.id))
        .for('update');
    },
    async insert(admin: typeof admins.$inferInsert, executor: Db) {
      const [row] = await executor.insert(admins).values(admin).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, changes: Partial<typeof admins.$inferInsert>, executor: Db) {
      const [row] = await executor.update(admins).set(changes).where(eq(admins.id, id)).returning();
      return row;
    },

    async insertSession(session: typeof adminSessions.$inferInsert, executor: Db) {
      await executor.insert(adminSessions).values(session);
    },
    /** The admin of a live session of this token, with its stage: not revoked, not expired, the admin active and not deleted. */
    async findSessionAdmin(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ admin: admins, session: { id: adminSessions.id, stage: adminSessions.stage } })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(
          and(
            eq(adminSessions.tokenHash, tokenHash),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
            eq(admins.status, 'active'),
            live,
          ),
        );
      return row;
    },
    /** Ends a live session of `stage` (a login's challenge spent once, even by two requests at once); false when there was none. */
    async spendSession(id: string, stage: 'challenge' | 'enrolment', now: Date, executor: Db) {
      const spent = await executor
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(
          and(eq(adminSessions.id, id), eq(adminSessions.stage, stage), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, now)),
        )
        .returning({ id: adminSessions.id });
      return spent.length > 0;
    },
    /** A session that has set up its second factor: the full console, for a working day. */
    async promoteSession(id: string, changes: { secondFactorAt: Date; expiresAt: Date }, executor: Db) {
      await executor
        .update(adminSessions)
        .set({ stage: 'full', ...changes })
        .where(eq(adminSessions.id, id));
    },
    async revokeSession(tokenHash: string, now: Date, executor: Db) {
      await executor
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
    },
    async revokeSessionsOf(adminId: string, now: Date, executor: Db) {
      await executor
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
    },

    async insertAudit(entry: AuditEntry, executor: Db) {
      await executor.insert(adminAuditLog).values(entry);
    },

    /**
     * A page of the audit log, newest first, of a kind of target or matching a search (a part of the
     * admin's e-mail address or the action, or the target's id), with how many entries match.
     */
    async listAudit(params: AuditLogParams) {
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
      return { rows, total: counted[0]?.total ?? 0 };
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
