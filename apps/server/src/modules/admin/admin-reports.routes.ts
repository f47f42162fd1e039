import {
  adminMessageSchema,
  adminReportConversationSchema,
  adminReportsParamsSchema,
  adminReportsResponseSchema,
  errorResponseSchema,
  messagingMessages,
  resolveReportRequestSchema,
} from '@mihna/shared';
import { z } from 'zod';
import { attachmentHeaders } from '../messaging/index.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';

const knownReport = knownRow(messagingMessages.reportNotFound);
const knownFile = knownRow(messagingMessages.fileNotFound);

/** The Reports tab: reported conversations, reading one and its files (each read audited), and staff's resolution. */
export function adminReportsRoutes(app: AdminApp, reports: AdminReportsService) {
  app.get(
    '/reports',
    {
      config: { admin: 'review_reports' },
      schema: {
        tags: ['admin'],
        summary: 'Reported conversations, oldest first: who reported whom, why, and how many messages (never the messages)',
        security,
        querystring: adminReportsParamsSchema,
        response: { 200: adminReportsResponseSchema, ...refusals },
      },
    },
    async (request) => reports.list(actorOf(request), request.query.status),
  );

  app.get(
    '/reports/:id/conversation',
    {
      config: { admin: 'review_reports' },
      schema: {
        tags: ['admin'],
        summary: 'Read the reported conversation (its latest 500 messages); every read is written in the audit log',
        security,
        params: adminId,
        response: { 200: adminReportConversationSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => reports.conversation(actorOf(request), knownReport(request.params.id)),
  );

  app.get(
    '/reports/:id/attachments/:attachmentId',
    {
      config: { admin: 'review_reports' },
      schema: {
        tags: ['admin'],
        summary: 'Download a file sent in the reported conversation; every download is written in the audit log',
        security,
        params: z.object({ id: z.string(), attachmentId: z.string() }),
        response: {
          200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The file'),
          404: errorResponseSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const file = await reports.attachment(actorOf(request), knownReport(request.params.id), knownFile(request.params.attachmentId));
      return reply.headers(attachmentHeaders(file, { isAudited: true })).send(file.bytes);
    },
  );

  app.post(
    '/reports/:id/resolve',
    {
      config: { admin: 'review_reports' },
      schema: {
        tags: ['admin'],
        summary: 'Resolve a report with what staff found and did (kept with the report and in the audit log)',
        security,
        params: adminId,
        body: resolveReportRequestSchema,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (request) => reports.resolve(actorOf(request), knownReport(request.params.id), request.body.resolution),
  );
}
