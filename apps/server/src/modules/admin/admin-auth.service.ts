import { adminMay, adminMessages, loginMessages, type AdminPermission, type AdminRole } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken, verifyAgainstDecoy, verifySecret } from '../../lib/secrets.ts';
import { type AuthRepository, lockedError, reserveLoginAttempt } from '../auth/index.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { AdminRow, AdminsRepository } from './admins.repository.ts';

/** An admin session lasts a working day; the console then asks for the password again. */
const SESSION_LIFETIME_MS = 12 * 3_600_000;

/** Who is acting in the console: what checks and the audit log need, never the password's hash. */
export interface AdminActor {
  readonly id: string;
  readonly email: string;
  readonly role: AdminRole;
  readonly permissions: readonly string[];
  /** Where the request came from, for the audit log. */
  readonly ipAddress: string;
}

export const adminActorOf = (admin: AdminRow, ipAddress: string): AdminActor => ({
  id: admin.id,
  email: admin.email,
  role: admin.role,
  permissions: admin.permissions,
  ipAddress,
});

/** The admin's permission, or 403. */
export function requirePermission(actor: AdminActor, permission: AdminPermission) {
  if (!adminMay(actor, permission)) throw new AppError('forbidden', adminMessages.forbidden);
}

/**
 * Staff sign-in, apart from the marketplace's: admin e-mail addresses have throttles of their own
 * (five failures lock the address for 30 minutes, as for users; the console asks no captcha), and an
 * admin token opens admin routes only, as a user's token opens user routes only.
 */
export function createAdminAuthService(dependencies: { db: Db; auth: AuthRepository; repository: AdminsRepository; clock: () => Date }) {
  const { db, auth, repository, clock } = dependencies;
  return {
    async login(input: { email: string; password: string }, client: ClientInfo) {
      const email = input.email.trim().toLowerCase();
      const identifier = `admin:${email}`;
      /** A refused sign-in is recorded too: who tried which address, from where, and why it failed. */
      const refused = async (action: string, error: AppError, adminId: string | null = null) => {
        await repository.insertAudit(
          {
            adminId,
            adminEmail: email,
            action,
            targetType: 'admin',
            targetId: adminId,
            ipAddress: client.ipAddress,
          },
          db,
        );
        return error;
      };
      const reservation = await reserveLoginAttempt({ db, auth, clock }, identifier, { refusesWhileLocked: true, hasCaptcha: true });
      if (reservation.outcome !== 'reserved') {
        if (reservation.outcome === 'locked')
          throw await refused(
            'admin.login_locked',
            lockedError(reservation.lockedUntil, clock()),
            (await repository.findByEmail(email))?.id,
          );
        throw new Error('an admin login is never asked for a captcha');
      }
      const admin = await repository.findByEmail(input.email);
      const isAccepted = admin ? await verifySecret(admin.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
      if (!isAccepted || !admin) {
        if (reservation.isLockingAttempt && reservation.lockedUntil)
          throw await refused('admin.login_locked', lockedError(reservation.lockedUntil, clock()), admin?.id);
        throw await refused('admin.login_failed', new AppError('unauthorized', loginMessages.wrongCredentials), admin?.id);
      }
      await auth.clearThrottle(identifier, db);
      if (admin.status !== 'active')
        throw await refused('admin.login_inactive', new AppError('forbidden', adminMessages.inactive), admin.id);
      const token = generateToken();
      const now = clock();
      await transaction(db, async (tx) => {
        await repository.insertSession(
          { adminId: admin.id, tokenHash: hashToken(token), ...client, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) },
          tx,
        );
        await repository.update(admin.id, { lastLoginAt: now }, tx);
        await repository.insertAudit(
          {
            adminId: admin.id,
            adminEmail: admin.email,
            action: 'admin.login',
            targetType: 'admin',
            targetId: admin.id,
            ipAddress: client.ipAddress,
          },
          tx,
        );
      });
      return { access_token: token, token_type: 'bearer' as const };
    },

    async logout(token: string | undefined) {
      if (token) await repository.revokeSession(hashToken(token), clock(), db);
    },

    /**
     * The admin of a live session of this token, who may do `permission` (any admin when null):
     * 401 without one (a user's token included), 403 without the permission. The admin's status is
     * read on every call, so a suspended admin's next call is refused.
     */
    async requireAdmin(token: string | undefined, permission: AdminPermission | null, ipAddress: string): Promise<AdminActor> {
      const admin = token ? await repository.findSessionAdmin(hashToken(token), clock()) : undefined;
      if (!admin) throw new AppError('unauthorized', loginMessages.notAuthenticated);
      const actor = adminActorOf(admin, ipAddress);
      if (permission) requirePermission(actor, permission);
      return actor;
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
