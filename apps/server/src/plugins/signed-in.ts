import { loginMessages, type UserRole } from '@mihna/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../lib/access.ts';
import { AppError } from '../lib/app-error.ts';
import { bearerToken } from './request-identity.ts';

/** Who holds a bearer token: the auth module's sessions answer it (app.ts hands them here). */
export interface SessionUsers<User> {
  findSessionUser(token: string | undefined): Promise<User | undefined>;
}

/** What a route asks of the request about who sent it; services never see the request itself. */
export interface SignedIn<User extends { id: string; role: UserRole } = { id: string; role: UserRole }> {
  /** Who is acting on a route that needs a login: the id and role only. 401 without a live session. */
  actor(request: FastifyRequest): Promise<Actor>;
  /** The signed-in user's row, for the routes that answer with it. 401 without a live session. */
  user(request: FastifyRequest): Promise<User>;
  /** The signed-in user, or undefined for a visitor (routes open to both). */
  optionalUser(request: FastifyRequest): Promise<User | undefined>;
}

/** Whether a route's OpenAPI security asks for a bearer token in every alternative (an empty one would make it optional). */
function requiresBearer(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement: unknown) => typeof requirement === 'object' && requirement !== null && 'bearerAuth' in requirement)
  );
}

/**
 * The one check of who signed in. Routes that need a signed-in user check the session before anything is read from
 * the request: a caller without one is answered 401, never the fields its body got wrong (which would describe the
 * route to anyone). That is why it is an `onRequest` hook rather than a `preHandler`, which Fastify runs after
 * validation. Routes mark the need in their OpenAPI security; the console's routes check their staff sessions
 * themselves. Registered before the routes, so that every route added after it is seen. The session is looked up
 * once per request: the handler's `actor(request)` reads what the hook found.
 */
export function checkSignedIn<User extends { id: string; role: UserRole }>(
  app: FastifyInstance,
  sessions: SessionUsers<User>,
): SignedIn<User> {
  const found = new WeakMap<FastifyRequest, Promise<User | undefined>>();
  const optionalUser = (request: FastifyRequest) => {
    let user = found.get(request);
    if (!user) {
      user = sessions.findSessionUser(bearerToken(request));
      found.set(request, user);
    }
    return user;
  };
  const user = async (request: FastifyRequest) => {
    const signedIn = await optionalUser(request);
    if (!signedIn) throw new AppError('unauthorized', loginMessages.notAuthenticated);
    return signedIn;
  };
  const requireSession = async (request: FastifyRequest) => {
    await user(request);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.admin !== undefined || !requiresBearer(route.schema?.security)) return;
    route.onRequest = [requireSession, ...[route.onRequest ?? []].flat()];
  });
  return { optionalUser, user, actor: async (request) => actorOf(await user(request)) };
}
