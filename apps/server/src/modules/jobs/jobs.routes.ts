import {
  errorResponseSchema,
  jobCardSchema,
  jobCreatedSchema,
  jobCreationSchema,
  jobDetailSchema,
  jobSearchParamsSchema,
  jobSearchResponseSchema,
  type JobSearchResponse,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo, type SessionsService } from '../auth/sessions.service.ts';
import type { JobsService } from './jobs.service.ts';

export function jobsRoutes(sessions: SessionsService, jobs: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Post a project (employers only); the featured option answers with the fee to pay',
          security: [{ bearerAuth: [] }],
          body: jobCreationSchema,
          response: { 201: jobCreatedSchema, 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await sessions.requireUser(request);
        return reply.code(201).send(await jobs.createJob(user, request.body));
      },
    );

    app.get(
      '/jobs/employer/my',
      {
        schema: {
          tags: ['jobs'],
          summary: 'The signed-in employer’s own projects, newest first',
          security: [{ bearerAuth: [] }],
          response: { 200: z.object({ jobs: z.array(jobCardSchema) }), 401: errorResponseSchema },
        },
      },
      async (request) => jobs.listOwnJobs(await sessions.requireUser(request)),
    );

    app.get(
      '/jobs/:jobId',
      {
        schema: {
          tags: ['jobs'],
          summary: 'A project’s detail; views are counted once per viewer per day',
          params: z.object({ jobId: z.string().max(64) }),
          response: { 200: jobDetailSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await sessions.findSessionUser(request);
        const client = clientInfo(request);
        return jobs.getJob(request.params.jobId, { user, ipAddress: client.ipAddress, userAgent: client.userAgent });
      },
    );

    app.get(
      '/search/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Search open projects: featured first (while paid), then the chosen order; amounts in the chosen country’s currency',
          querystring: jobSearchParamsSchema,
          response: { 200: jobSearchResponseSchema, 422: errorResponseSchema },
        },
      },
      // The answer is already JSON text, checked against the schema when it was computed; Fastify sends
      // a string with a JSON content type as it is (the cast tells the schema-typed reply so).
      async (request, reply) => {
        const text = await jobs.search(request.query);
        return reply.type('application/json; charset=utf-8').send(text as unknown as JobSearchResponse);
      },
    );
  };
}
