import { errorResponseSchema, taxInvoicesSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from '../auth/sessions.service.ts';
import { sendPdf } from '../documents/pdf-renderer.ts';
import { bearerToken } from '../auth/request-identity.ts';
import type { InvoicesService } from './invoices.service.ts';

const security = [{ bearerAuth: [] }];

/** The caller's tax invoices for the fees the platform charged them, and each as a PDF. */
export function invoicesRoutes(sessions: SessionsService, invoices: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags: ['invoices'],
          summary: 'Your tax invoices, newest first, 50 at a time',
          security,
          querystring: z.object({ before: z.string().max(64).optional() }),
          response: { 200: taxInvoicesSchema, 401: errorResponseSchema },
        },
      },
      async (request) => invoices.list(await sessions.requireActor(bearerToken(request)), request.query.before),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['invoices'],
          summary: 'One of your tax invoices as a PDF in English or Arabic',
          security,
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({ language: z.enum(['en', 'ar']).default('en') }),
          response: { 200: z.any().describe('application/pdf'), 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await invoices.invoicePdf(await sessions.requireActor(bearerToken(request)), request.params.id, request.query.language),
        ),
    );
  };
}
