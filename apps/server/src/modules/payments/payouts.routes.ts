import {
  earningsSchema,
  errorResponseSchema,
  payoutMethodInputSchema,
  payoutMethodSchema,
  payoutRequestSchema,
  payoutResponseSchema,
} from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { PayoutMethodsService } from './payout-methods.service.ts';
import type { PayoutsService } from './payouts.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };

/** Step-up (auth module): refuses 403 `step_up_required` unless the session proved a second factor in the last five minutes. */
export interface StepUpCheck {
  require(request: FastifyRequest): Promise<void>;
}

export function payoutsRoutes(
  signedIn: SignedIn,
  payouts: PayoutsService,
  methods: PayoutMethodsService,
  stepUp: StepUpCheck,
): FastifyPluginAsyncZod {
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
          summary: 'Pay out part or all of the available balance to a saved payout method; never more than the balance',
          description:
            'Needs a second factor proved in the last five minutes (POST /account/step-up), else 403 `step_up_required`. A payout method is usable 24 hours after it was added.',
          security,
          body: payoutRequestSchema,
          response: { 201: payoutResponseSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await signedIn.actor(request);
        await stepUp.require(request);
        return reply.status(201).send(await payouts.requestPayout(actor, request.body));
      },
    );

    app.get(
      '/payout-methods',
      {
        schema: {
          tags: ['payouts'],
          summary: 'Your saved payout methods (never the whole IBAN), and whether payouts are frozen',
          security,
          response: { 200: z.object({ payout_methods: z.array(payoutMethodSchema), payouts_frozen: z.boolean() }), ...errors },
        },
      },
      async (request) => methods.list(await signedIn.actor(request)),
    );

    app.post(
      '/payout-methods',
      {
        schema: {
          tags: ['payouts'],
          summary:
            'Save a bank account (IBAN, the name on it): usable 24 hours from now; your e-mail is told with a link that freezes payouts',
          description: 'Needs a second factor proved in the last five minutes (POST /account/step-up), else 403 `step_up_required`.',
          security,
          body: payoutMethodInputSchema,
          response: { 201: z.object({ message: z.string(), payout_method: payoutMethodSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await signedIn.actor(request);
        await stepUp.require(request);
        return reply.status(201).send(await methods.add(actor, request.body));
      },
    );

    app.delete(
      '/payout-methods/:id',
      {
        schema: {
          tags: ['payouts'],
          summary: 'Remove one of your payout methods',
          security,
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.object({ message: z.string() }), 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => methods.remove(await signedIn.actor(request), request.params.id),
    );

    app.post(
      '/payout-methods/freeze',
      {
        schema: {
          tags: ['payouts'],
          summary: 'The link of a new payout method’s e-mail: removes the method and freezes payouts until a password reset',
          body: z.object({ token: z.string().min(1).max(100) }),
          response: { 200: z.object({ message: z.string() }), 401: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => methods.freeze(request.body.token),
    );
  };
}
