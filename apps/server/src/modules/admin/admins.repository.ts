import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, adminSessions, admins } from './admin.schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type AdminRow = typeof admins.$inferSelect;
export type AuditEntry = typeof adminAuditLog.$inferInsert;

const live = isNull(admins.deletedAt);

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
    async list() {
      return db.select().from(admins).where(live).orderBy(asc(admins.createdAt), asc(admins.id));
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
    async insert(admin: typeof admins.$inferInsert, executor: Db = db) {
      const [row] = await executor.insert(admins).values(admin).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, changes: Partial<typeof admins.$inferInsert>, executor: Db = db) {
      const [row] = await executor.update(admins).set(changes).where(eq(admins.id, id)).returning();
      return row;
    },

    async insertSession(session: typeof adminSessions.$inferInsert, executor: Db = db) {
      await executor.insert(adminSessions).values(session);
    },
    /** The admin of a live session of this token: not revoked, not expired, the admin active and not deleted. */
    async findSessionAdmin(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ admin: admins })
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
      return row?.admin;
    },
    async revokeSession(tokenHash: string, now: Date) {
      await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
    },
    async revokeSessionsOf(adminId: string, now: Date, executor: Db = db) {
      await executor
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
    },

    async insertAudit(entry: AuditEntry, executor: Db = db) {
      await executor.insert(adminAuditLog).values(entry);
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
