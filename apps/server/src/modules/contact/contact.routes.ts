import { contactMessageInputSchema, errorResponseSchema, requestMessages } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { ContactService } from './contact.service.ts';

export const CONTACT_RATE_LIMIT = {
  bucket: 'contact',
  limit: 5,
  windowSeconds: 3600,
  message: requestMessages.tooManyMessages,
} satisfies RateLimitRule;

export function contactRoutes(contact: ContactService, rateLimiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact/send-message',
      {
        preHandler: rateLimiter.limitPerClient(CONTACT_RATE_LIMIT),
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the support team from the contact page',
          body: contactMessageInputSchema,
          response: { 200: z.object({ success: z.boolean() }), 422: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        await contact.sendContactMessage(request.body, { ipAddress: request.ip, userAgent: request.headers['user-agent'] });
        return { success: true };
      },
    );
  };
}
