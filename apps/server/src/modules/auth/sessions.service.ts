import { loginMessages } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { actorOf, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken } from '../../lib/secrets.ts';
import type { UserRow } from '../users/index.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000;
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

  return {
    findSessionUser,

    /** Opens a session: the token goes to the client once; only its hash is kept. */
    async openSession(userId: string, client: ClientInfo, executor: Db) {
      const token = generateToken();
      const now = clock();
      await repository.insertSession(
        {
          userId,
          tokenHash: hashToken(token),
          ipAddress: client.ipAddress,
          userAgent: client.userAgent ?? null,
          expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        },
        executor,
      );
      return token;
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
