import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, requestMessages } from '@mihna/shared';
import { z } from 'zod';
import { ping, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** Liveness (the process answers) and readiness (the database answers), for load balancers and orchestrators. */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
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
      async (request) => {
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
