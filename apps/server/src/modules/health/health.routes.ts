import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, requestMessages } from '@mihna/shared';
import { z } from 'zod';
import { ping, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Liveness (the process answers) and readiness, for load balancers and orchestrators: ready once the
 * database answers and `notReady` has nothing to say: it names what the process still loads before it
 * answers at its normal speed (a search index), or that it is shutting down.
 */
export function healthRoutes(database: Database, notReady: () => string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }), 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const reason = notReady();
        if (reason) {
          void reply.header('Retry-After', '1');
          return reply.code(503).send({ detail: reason, code: 'unavailable' as const });
        }
        try {
          await ping(database.db);
        } catch (error) {
          request.log.error({ err: error }, 'database is not answering');
          throw new AppError('unavailable', requestMessages.databaseDown);
        }
        return { status: 'ready' as const, database: database.kind };
      },
    );
  };
}
