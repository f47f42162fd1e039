import { financialStatsSchema } from '@mihna/shared';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { FinancialStatsService } from './financial-stats.service.ts';

/** The dashboard's figures. */
export function financialStatsRoutes(app: AdminApp, financialStats: FinancialStatsService) {
  app.get(
    '/financial-stats',
    {
      config: { admin: 'view_analytics' },
      schema: {
        tags: ['admin'],
        summary: 'Projects, settlement value, featured income and commission from the ledger, with the platform’s figures',
        security,
        response: { 200: financialStatsSchema, ...refusals },
      },
    },
    async (request) => financialStats.stats(actorOf(request)),
  );
}
