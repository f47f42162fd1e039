import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './request-identity.ts';
import type { SessionsService } from './sessions.service.ts';

/** Whether a route's OpenAPI security asks for a bearer token in every alternative (an empty one would make it optional). */
function requiresBearer(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement: unknown) => typeof requirement === 'object' && requirement !== null && 'bearerAuth' in requirement)
  );
}

/**
 * Routes that need a signed-in user check the session before anything is read from the request: a caller without
 * one is answered 401, never the fields its body got wrong (which would describe the route to anyone). Routes
 * mark the need in their OpenAPI security; the console's routes check their staff sessions themselves.
 * Registered before the routes, so that every route added after it is seen.
 */
export function checkSessionsFirst(app: FastifyInstance, sessions: SessionsService) {
  const requireSession = async (request: FastifyRequest) => {
    await sessions.requireActor(bearerToken(request));
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.admin !== undefined || !requiresBearer(route.schema?.security)) return;
    route.onRequest = [requireSession, ...[route.onRequest ?? []].flat()];
  });
}
