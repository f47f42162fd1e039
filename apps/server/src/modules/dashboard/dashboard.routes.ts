import { dashboardStatsSchema, errorResponseSchema, type UserRole } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import { actorOf } from '../../lib/access.ts';
import type { DashboardService } from './dashboard.service.ts';

/** §7 GET /api/dashboard/stats. */
export function dashboardRoutes(
  signedIn: SignedIn<{ id: string; role: UserRole; country: string }>,
  dashboard: DashboardService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/stats',
      {
        schema: {
          tags: ['dashboard'],
          summary: 'The caller’s dashboard figures for their role, with money per currency and per month',
          security: [{ bearerAuth: [] }],
          response: { 200: dashboardStatsSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await signedIn.user(request);
        return dashboard.stats(actorOf(user), user.country);
      },
    );
  };
}
