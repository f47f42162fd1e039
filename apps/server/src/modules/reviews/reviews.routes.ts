import { accomplishmentSettingsSchema, errorResponseSchema, jobReviewsSchema, reviewInputSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { ReviewsService } from './reviews.service.ts';

const idParam = z.string().max(64);
const security = [{ bearerAuth: [] }];
const actionErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export function reviewsRoutes(signedIn: SignedIn, reviews: ReviewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jobs/:jobId/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary:
            "A completed job's reviews as one of its two parties sees them: their own, and the other's once both are in or 14 days have passed",
          security,
          params: z.object({ jobId: idParam }),
          response: { 200: jobReviewsSchema, ...actionErrors },
        },
      },
      async (request) => reviews.getJobReviews(await signedIn.actor(request), request.params.jobId),
    );

    app.post(
      '/jobs/:jobId/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'Review the other side of a completed job, once (employer: overall, work quality, communication, timeliness; professional: overall, communication, payment reliability; 1–5 and a comment)',
          security,
          params: z.object({ jobId: idParam }),
          body: reviewInputSchema,
          response: { 201: z.object({ message: z.string(), moderation_messages: z.array(z.string()) }), ...actionErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await reviews.submitReview(await signedIn.actor(request), request.params.jobId, request.body)),
    );

    app.put(
      '/accomplishments/:jobId',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Choose whether your Verified Portfolio shows the project value and the employer name for one completed job',
          security,
          params: z.object({ jobId: idParam }),
          body: accomplishmentSettingsSchema,
          response: { 200: accomplishmentSettingsSchema.extend({ message: z.string() }), ...actionErrors },
        },
      },
      async (request) => reviews.setAccomplishmentSettings(await signedIn.actor(request), request.params.jobId, request.body),
    );
  };
}
