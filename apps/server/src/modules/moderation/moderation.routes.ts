import { errorResponseSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { ModerationService } from './moderation.service.ts';

export function moderationRoutes(moderation: ModerationService, rateLimiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/content/validate',
      {
        preHandler: rateLimiter.limitPerClient(perClient('content-validate', 600, 3600)),
        schema: {
          tags: ['moderation'],
          summary: 'Check free text: mild words are cleaned, moderate flagged, severe refused',
          body: z.object({ content: z.string().max(10_000), content_type: z.string().max(40).default('general') }),
          response: {
            200: z.object({
              is_valid: z.boolean(),
              severity: z.enum(['none', 'mild', 'moderate', 'severe']),
              message: z.string(),
              cleaned_content: z.string(),
            }),
            422: errorResponseSchema,
          },
        },
      },
      async (request) => moderation.validateContent(request.body.content),
    );
  };
}
