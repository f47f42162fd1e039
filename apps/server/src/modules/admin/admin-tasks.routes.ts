import { adminMessageSchema, adminTasksResponseSchema, errorResponseSchema } from '@mihna/shared';
import { z } from 'zod';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminTasksService } from './admin-tasks.service.ts';

/** Beyond the spec, the background tasks and their dead runs. */
export function adminTasksRoutes(app: AdminApp, tasks: AdminTasksService) {
  app.get(
    '/tasks',
    {
      config: { admin: 'run_operations' },
      schema: {
        tags: ['admin'],
        summary: 'Each background task (its schedule, runs waiting and running, dead runs), and the dead runs, newest first',
        security,
        response: { 200: adminTasksResponseSchema, ...refusals },
      },
    },
    async (request) => tasks.overview(actorOf(request)),
  );

  app.post(
    '/tasks/dead/:id/retry',
    {
      config: { admin: 'run_operations' },
      schema: {
        tags: ['admin'],
        summary: 'Send a dead run of a background task again (in the audit log)',
        security,
        params: z.object({ id: z.string().max(64) }),
        response: { 200: adminMessageSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => tasks.retry(actorOf(request), request.params.id),
  );
}
