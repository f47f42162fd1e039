import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The policy allows no inline or foreign script; styles may be inline for the UI kit's
 * positioning. No page may be framed (CSP and X-Frame-Options say the same). HSTS is sent only on an
 * answer to a request that arrived over HTTPS, directly or through a trusted proxy: over plain HTTP it
 * would be ignored, and on a development machine it would pin localhost to HTTPS.
 * An answer that does not say how it may be cached is not stored anywhere: it may carry a token or
 * someone's private data.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
