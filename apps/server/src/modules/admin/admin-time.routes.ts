import {
  adminTimeTrackingParamsSchema,
  adminTimeTrackingResponseSchema,
  timeReportRequestSchema,
  timeReportResponseSchema,
} from '@mihna/shared';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminTimeService } from './admin-time.service.ts';

/** The Time tracking tab: every finished time entry, and its PDF report. */
export function adminTimeRoutes(app: AdminApp, time: AdminTimeService) {
  app.get(
    '/time-tracking',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'Every finished time entry, 20 to a page, by day, project type, status, professional, industry or a word, with the totals',
        security,
        querystring: adminTimeTrackingParamsSchema,
        response: { 200: adminTimeTrackingResponseSchema, ...refusals },
      },
    },
    async (request) => time.list(actorOf(request), request.query),
  );

  app.post(
    '/time-tracking/generate-pdf',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'The PDF report of the entries the filters match (up to 2,000), as a data link',
        security,
        body: timeReportRequestSchema,
        response: { 200: timeReportResponseSchema, ...refusals },
      },
    },
    async (request) => time.report(actorOf(request), request.body),
  );
}
