import { adminMay, adminMessages, loginMessages, type AdminPermission, type AdminRole } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken, verifyAgainstDecoy, verifySecret } from '../../lib/secrets.ts';
import { type AuthRepository, lockedError, reserveLoginAttempt } from '../auth/index.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { SecondFactorService } from '../security/index.ts';
import type { AdminRow, AdminsRepository } from './admins.repository.ts';

/** An admin session lasts a working day; the console then asks for the password again. */
const SESSION_LIFETIME_MS = 12 * 3_600_000;
/** How long the second step of a login may wait for its code. */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** How long a session may take to set up its second factor before signing in again. */
const ENROLMENT_LIFETIME_MS = 30 * 60_000;

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

/** Who may use a session that has not yet set up its second factor: the setting up only. */
export type SessionUse = 'console' | 'setup';

/**
 * Staff sign-in, apart from the marketplace's: admin e-mail addresses have throttles of their own
 * (five failures lock the address for 30 minutes, as for users; the console asks no captcha), and an
 * admin token opens admin routes only, as a user's token opens user routes only.
 *
 * Every admin has a second factor (an authenticator app). An admin with one answers the password
 * with a five-minute challenge, which a code of the app (or a recovery code) turns into a session;
 * an admin without one gets a session that answers nothing but the setting up of one, and becomes
 * a full session once it is set up.
 */
export function createAdminAuthService(dependencies: {
  db: Db;
  auth: AuthRepository;
  repository: AdminsRepository;
  secondFactor: SecondFactorService;
  clock: () => Date;
}) {
  const { db, auth, repository, secondFactor, clock } = dependencies;
  const ownerOf = (admin: { id: string }) => ({ kind: 'admin' as const, id: admin.id });
  const auditOf = (admin: AdminRow, action: string, ipAddress: string) => ({
    adminId: admin.id,
    adminEmail: admin.email,
    action,
    targetType: 'admin',
    targetId: admin.id,
    ipAddress,
  });

  /** A new session of `stage` for the admin, answered as the login's answer. */
  async function openSession(admin: AdminRow, client: ClientInfo, stage: 'enrolment' | 'full') {
    const token = generateToken();
    const now = clock();
    await transaction(db, async (tx) => {
      await repository.insertSession(
        {
          adminId: admin.id,
          tokenHash: hashToken(token),
          ...client,
          stage,
          secondFactorAt: stage === 'full' ? now : null,
          expiresAt: new Date(now.getTime() + (stage === 'full' ? SESSION_LIFETIME_MS : ENROLMENT_LIFETIME_MS)),
        },
        tx,
      );
      await repository.update(admin.id, { lastLoginAt: now }, tx);
      await repository.insertAudit(auditOf(admin, 'admin.login', client.ipAddress), tx);
    });
    return { access_token: token, token_type: 'bearer' as const, second_factor_setup_required: stage === 'enrolment' };
  }

  /** The admin and session of a live token, or 401. */
  async function sessionOf(token: string | undefined) {
    const found = token ? await repository.findSessionAdmin(hashToken(token), clock()) : undefined;
    if (!found || found.session.stage === 'challenge') throw new AppError('unauthorized', loginMessages.notAuthenticated);
    return found;
  }

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
      if (!(await secondFactor.isEnrolled(ownerOf(admin)))) return openSession(admin, client, 'enrolment');
      const challengeToken = generateToken();
      const now = clock();
      await repository.insertSession(
        {
          adminId: admin.id,
          tokenHash: hashToken(challengeToken),
          ...client,
          stage: 'challenge',
          expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
        },
        db,
      );
      return {
        second_factor_required: true as const,
        challenge_token: challengeToken,
        methods: ['totp' as const, 'recovery_code' as const],
      };
    },

    /**
     * The login's second step: the challenge and a code of the admin's app (or a recovery code) open
     * a session. A wrong code leaves the challenge to try again until it expires or the second step
     * locks (five wrong codes: 15 minutes); each refusal is in the audit log.
     */
    async completeSecondFactor(input: { challenge_token: string; code: string }, client: ClientInfo) {
      const found = await repository.findSessionAdmin(hashToken(input.challenge_token), clock());
      if (!found || found.session.stage !== 'challenge') throw new AppError('unauthorized', loginMessages.challengeExpired);
      const { admin } = found;
      try {
        await secondFactor.verify(ownerOf(admin), input.code);
      } catch (error) {
        await repository.insertAudit(auditOf(admin, 'admin.second_factor_failed', client.ipAddress), db);
        throw error;
      }
      if (!(await repository.spendSession(found.session.id, 'challenge', clock(), db)))
        throw new AppError('unauthorized', loginMessages.challengeExpired);
      return openSession(admin, client, 'full');
    },

    /** The signed-in admin's second factor, for the setting up (a session still setting it up included). */
    async secondFactorStatus(token: string | undefined) {
      const { admin } = await sessionOf(token);
      return secondFactor.status(ownerOf(admin));
    },

    async startSecondFactor(token: string | undefined) {
      const { admin } = await sessionOf(token);
      return secondFactor.startTotp(ownerOf(admin), `${admin.email} (console)`);
    },

    /**
     * Sets up the admin's app with its first code; a session that was waiting for it becomes a
     * full session of a working day. Answers the ten recovery codes, shown this once.
     */
    async confirmSecondFactor(token: string | undefined, code: string, ipAddress: string) {
      const { admin, session } = await sessionOf(token);
      const confirmed = await secondFactor.confirmTotp(ownerOf(admin), code);
      const now = clock();
      await transaction(db, async (tx) => {
        if (session.stage === 'enrolment')
          await repository.promoteSession(
            session.id,
            { secondFactorAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) },
            tx,
          );
        await repository.insertAudit(auditOf(admin, 'admin.second_factor_enrolled', ipAddress), tx);
      });
      return confirmed;
    },

    /**
     * A super admin's reset of another admin's second factor, with a reason: the admin's sessions
     * end, and the next sign-in sets one up again.
     */
    async resetSecondFactor(actor: AdminActor, targetId: string, reason: string) {
      if (actor.role !== 'super_admin') throw new AppError('forbidden', adminMessages.forbidden);
      if (targetId === actor.id) throw new AppError('forbidden', adminMessages.notYourself);
      const target = await repository.findById(targetId);
      if (!target) throw new AppError('not_found', adminMessages.notFound);
      await transaction(db, async (tx) => {
        if (!(await secondFactor.reset(ownerOf(target), tx))) throw new AppError('conflict', adminMessages.noSecondFactor);
        await repository.revokeSessionsOf(target.id, clock(), tx);
        await repository.insertAudit(
          {
            adminId: actor.id,
            adminEmail: actor.email,
            action: 'admin.second_factor_reset',
            targetType: 'admin',
            targetId: target.id,
            reason,
            ipAddress: actor.ipAddress,
          },
          tx,
        );
      });
      return { message: adminMessages.secondFactorReset };
    },

    async logout(token: string | undefined) {
      if (token) await repository.revokeSession(hashToken(token), clock(), db);
    },

    /**
     * The admin of a live session of this token, who may do `permission` (any admin when null):
     * 401 without one (a user's token and a login's challenge included), 403 without the permission,
     * and 403 `second_factor_setup_required` for a session still to set up its second factor (but
     * for the setting up itself, `use` 'setup'). The admin's status is read on every call, so a
     * suspended admin's next call is refused.
     */
    async requireAdmin(
      token: string | undefined,
      permission: AdminPermission | null,
      ipAddress: string,
      use: SessionUse = 'console',
    ): Promise<AdminActor> {
      const { admin, session } = await sessionOf(token);
      if (session.stage === 'enrolment' && use === 'console')
        throw new AppError('second_factor_setup_required', adminMessages.secondFactorSetupRequired);
      const actor = adminActorOf(admin, ipAddress);
      if (permission) requirePermission(actor, permission);
      return actor;
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
