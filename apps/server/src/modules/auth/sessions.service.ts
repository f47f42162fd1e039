import { loginMessages, sessionMessages } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { actorOf, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { generateToken, hashToken } from '../../lib/secrets.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import type { UserRow } from '../users/index.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000;
const SECURE_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;
// Touching last_seen_at on every request would write on every read; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionsService(dependencies: { repository: SessionsRepository; clock: () => Date }) {
  const { repository, clock } = dependencies;

  /** The user of a live session with this bearer token, or undefined. */
  async function findSessionUser(token: string | undefined): Promise<UserRow | undefined> {
    if (!token) return undefined;
    const now = clock();
    const found = await repository.findLiveSession(hashToken(token), now);
    if (!found || found.user.accountStatus !== 'active') return undefined;
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repository.touchSession(found.session.id, now);
    return found.user;
  }

  /** The live session of this token, with its user: 401 without one. */
  async function requireSession(token: string | undefined) {
    const found = token ? await repository.findLiveSession(hashToken(token), clock()) : undefined;
    if (!found || found.user.accountStatus !== 'active') throw new AppError('unauthorized', loginMessages.notAuthenticated);
    return found;
  }

  return {
    findSessionUser,

    /**
     * Opens a session: the token goes to the client once; only its hash is kept. `steppedUp` when the
     * sign-in proved a second factor (step-up holds for five minutes). Answers, beside the token,
     * whether the device is one the account has not signed in from before ('new'; its first is 'first').
     */
    async openSession(userId: string, client: ClientInfo, executor: Db, options: { steppedUp?: boolean } = {}) {
      const token = generateToken();
      const now = clock();
      await repository.insertSession(
        {
          userId,
          tokenHash: hashToken(token),
          ipAddress: client.ipAddress,
          userAgent: client.userAgent ?? null,
          expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
          stepUpAt: options.steppedUp ? now : null,
        },
        executor,
      );
      const device = await repository.rememberDevice(userId, describeDevice(client.userAgent).key, executor);
      return { token, device };
    },

    requireSession,

    /** The signed-in user's live sessions, as /settings/security lists them (this one marked). */
    async listSessions(token: string | undefined) {
      const { session: current, user } = await requireSession(token);
      const rows = await repository.listLive(user.id, clock());
      return {
        sessions: rows.map((row) => {
          const device = describeDevice(row.userAgent);
          return {
            id: row.id,
            browser: device.browser,
            system: device.system,
            device_kind: device.kind,
            ip_address: row.ipAddress,
            created_at: row.createdAt.toISOString(),
            last_seen_at: row.lastSeenAt.toISOString(),
            is_current: row.id === current.id,
          };
        }),
      };
    },

    /** Ends one of the signed-in user's sessions (its token stops working at once); 404 for any other's. */
    async endSession(token: string | undefined, id: string) {
      const { user } = await requireSession(token);
      if (!isRowId(id) || !(await repository.revokeSessionOf(user.id, id, clock())))
        throw new AppError('not_found', sessionMessages.notFound);
    },

    /** Ends every session of the signed-in user but this one; answers how many ended. */
    async endOtherSessions(token: string | undefined, executor?: Db) {
      const { session, user } = await requireSession(token);
      return { ended: await repository.revokeOtherSessions(user.id, session.id, clock(), executor) };
    },

    /** Ends every session of the user but `keepId`, in the caller's transaction (a password change). */
    revokeOtherSessionsOf: (userId: string, keepId: string, executor: Db) =>
      repository.revokeOtherSessions(userId, keepId, clock(), executor),

    /** Step-up: this session proved a second factor (or a code sent to the account) now. */
    markStepUp: (sessionId: string) => repository.markStepUp(sessionId, clock()),

    /** A "Secure my account" link's token for the user, valid seven days, kept hashed. */
    async createSecureLink(userId: string) {
      const token = generateToken();
      await repository.insertSecureLink({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(clock().getTime() + SECURE_LINK_LIFETIME_MS),
      });
      return token;
    },

    /** Spends a "Secure my account" link: every session of its user ends. Answers the user's id, or 401. */
    async secureAccount(token: string, executor: Db) {
      const userId = await repository.spendSecureLink(hashToken(token), clock(), executor);
      if (!userId) throw new AppError('unauthorized', sessionMessages.secureLinkExpired);
      await repository.revokeAllSessions(userId, clock(), executor);
      return userId;
    },

    /** The signed-in user of a route that needs a login: 401 without a live session. */
    async requireUser(token: string | undefined): Promise<UserRow> {
      const user = await findSessionUser(token);
      if (!user) throw new AppError('unauthorized', loginMessages.notAuthenticated);
      return user;
    },

    /** Who is acting on a route that needs a login: the id and role only, never the user row. */
    async requireActor(token: string | undefined): Promise<Actor> {
      const user = await findSessionUser(token);
      if (!user) throw new AppError('unauthorized', loginMessages.notAuthenticated);
      return actorOf(user);
    },

    async closeSession(token: string | undefined) {
      if (token) await repository.revokeSession(hashToken(token), clock());
    },

    revokeAllSessions: (userId: string, executor: Db) => repository.revokeAllSessions(userId, clock(), executor),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
