import { earningsSchema, errorResponseSchema, payoutRequestSchema, payoutResponseSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { PayoutsService } from './payouts.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };

export function payoutsRoutes(signedIn: SignedIn, payouts: PayoutsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/earnings',
      {
        schema: {
          tags: ['payouts'],
          summary: "The professional's balances per currency (available, on the way, in escrow, earned, paid out), history and payouts",
          security,
          response: { 200: earningsSchema, ...errors },
        },
      },
      async (request) => payouts.earnings(await signedIn.actor(request)),
    );

    app.post(
      '/payouts',
      {
        schema: {
          tags: ['payouts'],
          summary: 'Pay out part or all of the available balance to a bank account (IBAN); never more than the balance',
          security,
          body: payoutRequestSchema,
          response: { 201: payoutResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await payouts.requestPayout(await signedIn.actor(request), request.body)),
    );
  };
}
