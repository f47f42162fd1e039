import {
  adminMessages,
  adminPermissions,
  rolePermissions,
  type AdminAction,
  type AdminPermission,
  type AdminRole,
  type AdminUser,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { SecondFactorService } from '../security/index.ts';
import type { AdminRow, AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

export const toAdminUser = (row: AdminRow): AdminUser => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  role: row.role,
  permissions: (row.role === 'super_admin' ? adminPermissions : row.permissions).filter((permission): permission is AdminPermission =>
    (adminPermissions as readonly string[]).includes(permission),
  ),
  is_active: row.status === 'active',
  status: row.status,
  last_login: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** What the audit log keeps of an admin before and after a change (never the password's hash). */
const auditView = (row: AdminRow) => ({ email: row.email, role: row.role, permissions: row.permissions, status: row.status });

const statusOf: Record<AdminAction, AdminRow['status']> = { suspend: 'suspended', reactivate: 'active', block: 'blocked' };
const pastTense = { suspend: 'suspended', reactivate: 'reactivated', block: 'blocked' } as const;

/** The server itself, as the audit log names it when it creates the super admin at start. */
const SYSTEM = 'system';

/**
 * Refuses a change that would leave no active super admin: `row` is one, and would stop being one.
 * `superAdmins` are the active super admins, locked before the target (lockActiveSuperAdmins).
 */
function keepASuperAdmin(superAdmins: { id: string }[], row: AdminRow) {
  if (row.role !== 'super_admin' || row.status !== 'active') return;
  if (!superAdmins.some((admin) => admin.id !== row.id)) throw new AppError('conflict', adminMessages.lastSuperAdmin);
}

/** The audit entry of a change `actor` made to the admin `row`, with what it was before and after. */
const adminAuditEntry = (
  actor: AdminActor,
  action: string,
  row: AdminRow,
  before: AdminRow | null,
  after: AdminRow | null,
  reason?: string,
) =>
  auditEntry(actor, {
    action,
    reason: reason ?? null,
    targetType: 'admin',
    targetId: row.id,
    before: before ? auditView(before) : null,
    after: after ? auditView(after) : null,
  });

type NewAdminInput = { email: string; password: string; first_name: string; last_name: string; role: AdminRole };

/** A new admin's row: the role's permissions, the password's hash. */
const newAdmin = async (input: NewAdminInput) => ({
  email: input.email.trim(),
  firstName: input.first_name,
  lastName: input.last_name,
  role: input.role,
  permissions: [...rolePermissions[input.role]],
  passwordHash: await hashSecret(input.password),
});

/**
 * Admin accounts (admin spec §2 Admins, §5, §6): every change is made by an admin who may manage
 * admins, in one transaction with its audit entry. No change may leave the console without an
 * active super admin, and no admin changes their own status, role or permissions, or deletes themselves.
 */
export function createAdminsService(dependencies: {
  db: Db;
  repository: AdminsRepository;
  secondFactor: Pick<SecondFactorService, 'enrolSecret'>;
  clock: () => Date;
}) {
  const { db, repository, secondFactor, clock } = dependencies;

  /** The admin to change, locked, and the guards every change of another admin passes. */
  async function target(tx: Tx, actor: AdminActor, id: string, { isSelfAllowed }: { isSelfAllowed: boolean }) {
    const row = await repository.lockById(id, tx);
    if (!row) throw new AppError('not_found', adminMessages.notFound);
    if (!isSelfAllowed && row.id === actor.id) throw new AppError('forbidden', adminMessages.notYourself);
    return row;
  }

  const audit = (tx: Tx, ...entry: Parameters<typeof adminAuditEntry>) => repository.insertAudit(adminAuditEntry(...entry), tx);

  async function insertAdmin(input: NewAdminInput, executor: Db) {
    try {
      return await repository.insert(await newAdmin(input), executor);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', adminMessages.emailTaken);
      throw error;
    }
  }

  return {
    /** The signed-in admin as the console shows them. */
    async find(actor: AdminActor) {
      const row = await repository.findById(actor.id);
      if (!row) throw new AppError('not_found', adminMessages.notFound);
      return toAdminUser(row);
    },

    async list(actor: AdminActor) {
      requirePermission(actor, 'view_admins');
      return { admins: (await repository.list()).map((row) => ({ ...toAdminUser(row.admin), has_second_factor: row.hasSecondFactor })) };
    },

    async create(actor: AdminActor, input: { email: string; password: string; first_name: string; last_name: string; role: AdminRole }) {
      requirePermission(actor, 'manage_admins');
      if (await repository.findByEmail(input.email)) throw new AppError('conflict', adminMessages.emailTaken);
      const created = await transaction(db, async (tx) => {
        const row = await insertAdmin(input, tx);
        await audit(tx, actor, 'admin.created', row, null, row);
        return row;
      });
      return { message: adminMessages.created, admin: toAdminUser(created) };
    },

    /** A new password for an admin (one's own included); their sessions end, so it takes effect at once. */
    async changePassword(actor: AdminActor, id: string, newPassword: string) {
      requirePermission(actor, 'manage_admins');
      const passwordHash = await hashSecret(newPassword);
      await transaction(db, async (tx) => {
        const row = await target(tx, actor, id, { isSelfAllowed: true });
        await repository.update(row.id, { passwordHash }, tx);
        await repository.revokeSessionsOf(row.id, clock(), tx);
        await audit(tx, actor, 'admin.password_changed', row, null, null);
      });
      return { message: adminMessages.passwordChanged };
    },

    async setPermissions(actor: AdminActor, id: string, input: { role: AdminRole; permissions: AdminPermission[] }) {
      requirePermission(actor, 'manage_admins');
      const updated = await transaction(db, async (tx) => {
        const superAdmins = await repository.lockActiveSuperAdmins(tx);
        const row = await target(tx, actor, id, { isSelfAllowed: false });
        if (input.role !== 'super_admin') keepASuperAdmin(superAdmins, row);
        const permissions =
          input.role === 'super_admin'
            ? [...adminPermissions]
            : [...new Set(input.permissions)].filter((permission) => permission !== 'manage_admins');
        const after = await repository.update(row.id, { role: input.role, permissions }, tx);
        if (!after) throw new AppError('not_found', adminMessages.notFound);
        await audit(tx, actor, 'admin.permissions_changed', row, row, after);
        return after;
      });
      return { message: adminMessages.permissionsUpdated, admin: toAdminUser(updated) };
    },

    /** Suspend, block or reactivate; a suspended or blocked admin's sessions end at once. */
    async changeStatus(actor: AdminActor, id: string, action: AdminAction, reason?: string) {
      requirePermission(actor, 'manage_admins');
      const updated = await transaction(db, async (tx) => {
        const superAdmins = await repository.lockActiveSuperAdmins(tx);
        const row = await target(tx, actor, id, { isSelfAllowed: false });
        const status = statusOf[action];
        if (status !== 'active') keepASuperAdmin(superAdmins, row);
        const after = await repository.update(row.id, { status }, tx);
        if (!after) throw new AppError('not_found', adminMessages.notFound);
        if (status !== 'active') await repository.revokeSessionsOf(row.id, clock(), tx);
        await audit(tx, actor, `admin.${pastTense[action]}`, row, row, after, reason);
        return after;
      });
      return { message: adminMessages.statusChanged(pastTense[action]), admin: toAdminUser(updated) };
    },

    /** Deletes an admin's account: it cannot sign in again, and its row stays for the audit log. */
    async remove(actor: AdminActor, id: string) {
      requirePermission(actor, 'manage_admins');
      await transaction(db, async (tx) => {
        const superAdmins = await repository.lockActiveSuperAdmins(tx);
        const row = await target(tx, actor, id, { isSelfAllowed: false });
        keepASuperAdmin(superAdmins, row);
        const now = clock();
        await repository.update(row.id, { deletedAt: now }, tx);
        await repository.revokeSessionsOf(row.id, now, tx);
        await audit(tx, actor, 'admin.deleted', row, row, null);
      });
      return { message: adminMessages.deleted };
    },

    /**
     * At start: the super admin of ADMIN_EMAIL and ADMIN_PASSWORD, created if no admin has that address
     * (an existing one is left as it is, its password included). Returns whether it was created.
     */
    async ensureSuperAdmin(account: { email: string; password: string; totpSecret?: string; first_name?: string; last_name?: string }) {
      const { totpSecret, ...fields } = account;
      const existing = await repository.findByEmail(account.email);
      const admin =
        existing ??
        (await transaction(db, async (tx) => {
          const row = await insertAdmin({ first_name: 'Super', last_name: 'Admin', ...fields, role: 'super_admin' }, tx);
          await repository.insertAudit(
            { adminId: null, adminEmail: SYSTEM, action: 'admin.created', targetType: 'admin', targetId: row.id, after: auditView(row) },
            tx,
          );
          return row;
        }));
      // ADMIN_TOTP_SECRET is its authenticator, unless it has set up one of its own.
      if (totpSecret) await secondFactor.enrolSecret({ kind: 'admin', id: admin.id }, totpSecret);
      return !existing;
    },

    hasAnyAdmin: async () => (await repository.countAny()) > 0,

    /** Whether `id` is an admin's (the console's status and delete calls serve admins and platform users). */
    exists: async (id: string) => (await repository.findById(id)) !== undefined,
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
