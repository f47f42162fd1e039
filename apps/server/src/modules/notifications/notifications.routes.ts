import { errorResponseSchema, notificationListSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { NotificationsService } from './notifications.service.ts';

const okSchema = z.object({ success: z.literal(true) });

export function notificationsRoutes(signedIn: SignedIn, notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Your latest notifications and the unread count (the header bell polls this every 30 s)',
          security: [{ bearerAuth: [] }],
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
          response: { 200: notificationListSchema, 401: errorResponseSchema },
        },
      },
      async (request) => notifications.list(await signedIn.actor(request), request.query.limit),
    );

    app.put(
      '/notifications/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark all your notifications read',
          security: [{ bearerAuth: [] }],
          response: { 200: okSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        await notifications.markAllRead(await signedIn.actor(request));
        return { success: true as const };
      },
    );

    app.put(
      '/notifications/:id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of your notifications read (404 for anyone else’s)',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: z.uuid() }),
          response: { 200: okSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        await notifications.markRead(await signedIn.actor(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
