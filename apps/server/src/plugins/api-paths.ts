import type { IncomingMessage } from 'node:http';
import FindMyWay, { type HTTPMethod, type HTTPVersion } from 'find-my-way';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api';

export const isBrowserNavigation = (request: Pick<IncomingMessage, 'headers'>) => (request.headers.accept ?? '').includes('text/html');

/** The media ranges a request accepts (q=0 ranges are refused ones, left out), lower-cased. */
const acceptedRanges = (request: Pick<IncomingMessage, 'headers'>) =>
  (request.headers.accept ?? '')
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/i.test(parameter)))
    .map(([range = '']) => range.trim().toLowerCase())
    .filter(Boolean);
const isWildcard = (range: string) => range === '*/*' || range === 'text/*';

/** The client leaves the type to the server: no Accept header, or only wildcards (curl, uptime checks, link previews). */
export const namesNoType = (request: Pick<IncomingMessage, 'headers'>) => acceptedRanges(request).every(isWildcard);

/** An HTML page is an answer the client takes: it asks for HTML, or for anything. */
export const acceptsPage = (request: Pick<IncomingMessage, 'headers'>) =>
  isBrowserNavigation(request) || namesNoType(request) || acceptedRanges(request).some(isWildcard);

const isPageMethod = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/**
 * The specification writes some calls without the /api prefix (`PUT /users/{id}`, `GET /search/jobs`).
 * Every route under /api therefore also answers at its unprefixed spelling, except for a browser
 * navigation, which belongs to the single-page app. Routes get this by being registered under /api.
 * Where the spelling is also one of the app's addresses (`isPagePath`: GET /jobs/{id}, /invoices), a client
 * that names no type (curl, an uptime check, a link preview) gets the page; one naming a type (JSON) the API.
 * Decision 1 lists these paths.
 */
export function createApiPathAliases(isPagePath: (urlPath: string) => boolean = () => false) {
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
      if (!aliases.find(request.method as 'GET', path)) return url;
      const isPage = isPageMethod(request.method) && namesNoType(request) && isPagePath(path);
      return isPage ? url : `${API_PREFIX}${url}`;
    },
  };
}
