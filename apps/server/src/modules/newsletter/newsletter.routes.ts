import { errorResponseSchema, newsletterSubscriptionSchema, requestMessages } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { NewsletterRepository } from './newsletter.repository.ts';

export const NEWSLETTER_RATE_LIMIT = {
  bucket: 'newsletter',
  limit: 10,
  windowSeconds: 3600,
  message: requestMessages.tooManyRequests,
} satisfies RateLimitRule;

export function newsletterRoutes(repository: NewsletterRepository, rateLimiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/newsletter/subscribe',
      {
        preHandler: rateLimiter.limitPerClient(NEWSLETTER_RATE_LIMIT),
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an e-mail address to the newsletter from the footer',
          description: 'Answers the same whether or not the address was already subscribed.',
          body: newsletterSubscriptionSchema,
          response: { 200: z.object({ success: z.boolean() }), 422: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        await repository.insertSubscription(request.body);
        return { success: true };
      },
    );
  };
}
