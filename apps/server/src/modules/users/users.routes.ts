import { currentUserSchema, errorResponseSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionsService } from '../auth/sessions.service.ts';
import { toCurrentUser } from './user-response.ts';

export function usersRoutes(sessions: SessionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserSchema, 401: errorResponseSchema },
        },
      },
      async (request) => toCurrentUser(await sessions.requireUser(request)),
    );
  };
}
