import { errorResponseSchema } from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { clientInfo } from '../../plugins/request-identity.ts';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { PrivacyService } from './privacy.service.ts';

const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  byte_size: z.number().int().nullable(),
});

const security = [{ bearerAuth: [] }];

/** A user's data rights on their own account: each route acts on the caller's account only. */
export function privacyRoutes(
  signedIn: SignedIn,
  privacy: PrivacyService,
  stepUp: { require(request: FastifyRequest): Promise<void> },
  rateLimiter: RateLimiter,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/data-exports',
      {
        schema: {
          tags: ['data rights'],
          summary: 'The copies of your data you asked for, newest first (each downloadable for seven days)',
          security,
          response: { 200: z.object({ data_exports: z.array(dataExportSchema) }), 401: errorResponseSchema },
        },
      },
      async (request) => privacy.listExports((await signedIn.actor(request)).id),
    );

    app.post(
      '/account/data-exports',
      {
        preHandler: rateLimiter.limitPerClient(perClient('data-export', 10, 24 * 3600)),
        schema: {
          tags: ['data rights'],
          summary: 'Ask for a copy of your data: one JSON archive, made in the background, announced by e-mail and the bell',
          description:
            'Profile, projects, proposals, contracts and milestones, time entries and timesheets, messages (attachments by name), reviews given and received, invoices, payouts, sessions and consents. One is made at a time.',
          security,
          response: {
            202: z.object({ message: z.string(), data_export: dataExportSchema }),
            401: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => reply.code(202).send(await privacy.requestExport((await signedIn.actor(request)).id, clientInfo(request))),
    );

    app.get(
      '/account/data-exports/:id/download',
      {
        schema: {
          tags: ['data rights'],
          summary: 'Download a copy of your data (JSON), while its seven days last',
          security,
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.string(), 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { filename, body } = await privacy.download((await signedIn.actor(request)).id, request.params.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.delete(
      '/account',
      {
        schema: {
          tags: ['data rights'],
          summary: 'Delete your account (needs step-up)',
          description:
            'Refused (409) while a contract is in progress (funded or in dispute) or money is still yours on Mihna. Otherwise your details and picture are erased, every session ends, your open projects close and your pending proposals are withdrawn; the ledger, invoices and audit entries stay, without your details.',
          security,
          response: {
            200: z.object({ message: z.string() }),
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const user = await signedIn.actor(request);
        await stepUp.require(request);
        return privacy.deleteOwnAccount(user.id, clientInfo(request));
      },
    );
  };
}
