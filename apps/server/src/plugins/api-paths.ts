import type { IncomingMessage } from 'node:http';
import FindMyWay, { type HTTPMethod, type HTTPVersion } from 'find-my-way';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api';

export const isBrowserNavigation = (request: Pick<IncomingMessage, 'headers'>) => (request.headers.accept ?? '').includes('text/html');

/**
 * The specification writes some calls without the /api prefix (`PUT /users/{id}`, `GET /search/jobs`).
 * Every route under /api therefore also answers at its unprefixed spelling, except for a browser
 * navigation, which belongs to the single-page app. Routes get this by being registered under /api.
 */
export function createApiPathAliases() {
  const aliases = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true });

  return {
    collect(app: FastifyInstance) {
      app.addHook('onRoute', (route) => {
        // Hidden routes (the documentation pages) keep their paths to themselves.
        if (!route.url.startsWith(`${API_PREFIX}/`) || route.schema?.hide) return;
        const unprefixed = route.url.slice(API_PREFIX.length);
        for (const lowerOrUpper of [route.method].flat()) {
          const method = lowerOrUpper.toUpperCase() as HTTPMethod;
          if (!aliases.hasRoute(method, unprefixed)) aliases.on(method, unprefixed, () => undefined);
        }
      });
    },
    rewriteUrl(request: IncomingMessage): string {
      const url = request.url ?? '/';
      if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || isBrowserNavigation(request)) return url;
      const path = url.split('?', 1)[0] ?? '/';
      return aliases.find(request.method as 'GET', path) ? `${API_PREFIX}${url}` : url;
    },
  };
}
