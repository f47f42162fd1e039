import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AFTER_PAINT_SCRIPT_SOURCE } from './first-load.ts';

/**
 * Security headers. The policy allows no foreign script and one inline script, by its hash: the one a
 * drawn page loads its code with (first-load.ts); styles may be inline for the UI kit's
 * positioning. No page may be framed (CSP and X-Frame-Options say the same). HSTS is sent only on an
 * answer to a request that arrived over HTTPS, directly or through a trusted proxy: over plain HTTP it
 * would be ignored, and on a development machine it would pin localhost to HTTPS.
 * An answer that does not say how it may be cached is not stored anywhere: it may carry a token or
 * someone's private data.
 */
const policy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", AFTER_PAINT_SCRIPT_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Hosted checkout pages of a card provider may open from this origin.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
};

/**
 * The headers Helmet writes for the policy, worked out once: they are the same on every answer, and
 * building Helmet's middleware per request (as its Fastify plugin does) parsed the policy on each one
 * (4% of the server's time under the search benchmark).
 */
export function securityHeaders(options: HelmetOptions = policy): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, () => undefined);
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
