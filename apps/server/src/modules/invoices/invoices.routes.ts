import { errorResponseSchema, paymentReceiptsSchema, taxInvoicesSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import { sendPdf } from '../documents/index.ts';
import type { InvoicesService } from './invoices.service.ts';

const security = [{ bearerAuth: [] }];

/** One of the caller's documents as a PDF, in English or Arabic: its route's schema. */
const pdfSchema = (summary: string) => ({
  tags: ['invoices'],
  summary,
  security,
  params: z.object({ id: z.string().max(64) }),
  querystring: z.object({ language: z.enum(['en', 'ar']).default('en') }),
  response: { 200: z.any().describe('application/pdf'), 401: errorResponseSchema, 404: errorResponseSchema },
});

/** The caller's tax invoices for the fees the platform charged them, their receipts for the payments they made, and each as a PDF. */
export function invoicesRoutes(signedIn: SignedIn, invoices: InvoicesService): FastifyPluginAsyncZod {
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
      async (request) => invoices.list(await signedIn.actor(request), request.query.before),
    );

    app.get('/invoices/:id/pdf', { schema: pdfSchema('One of your tax invoices as a PDF in English or Arabic') }, async (request, reply) =>
      sendPdf(reply, await invoices.invoicePdf(await signedIn.actor(request), request.params.id, request.query.language)),
    );

    app.get(
      '/receipts',
      {
        schema: {
          tags: ['invoices'],
          summary:
            'Your receipts for the payments you made (escrow funded, hours paid), newest first, 50 at a time; of one project with job_id',
          security,
          querystring: z.object({ before: z.string().max(64).optional(), job_id: z.string().max(64).optional() }),
          response: { 200: paymentReceiptsSchema, 401: errorResponseSchema },
        },
      },
      async (request) =>
        invoices.listReceipts(await signedIn.actor(request), {
          before: request.query.before,
          jobId: request.query.job_id,
        }),
    );

    app.get(
      '/receipts/:id/pdf',
      { schema: pdfSchema('One of your payment receipts as a PDF in English or Arabic') },
      async (request, reply) =>
        sendPdf(reply, await invoices.receiptPdf(await signedIn.actor(request), request.params.id, request.query.language)),
    );
  };
}
