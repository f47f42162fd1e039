import { errorResponseSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { WebhookRefused } from './providers/payment-provider.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * POST /api/payments/webhook: the provider's events. The body is kept as the exact text received,
 * because the signature is computed over those bytes; only then is it read as JSON.
 */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "The payment provider's signed events (Stripe's signature scheme); each is stored and applied once",
          body: z.string(),
          response: {
            200: z.object({ received: z.literal(true), event_id: z.string(), duplicate: z.boolean() }),
            400: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        try {
          const outcome = await webhooks.receive(request.body, typeof signature === 'string' ? signature : undefined);
          return { received: true as const, event_id: outcome.event_id, duplicate: !outcome.is_new };
        } catch (error) {
          if (error instanceof WebhookRefused) throw new AppError('bad_request', error.reason);
          throw error;
        }
      },
    );
  };
}
