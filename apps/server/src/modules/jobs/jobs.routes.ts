import {
  errorResponseSchema,
  jobChangedSchema,
  jobCreatedSchema,
  jobCreationSchema,
  jobDetailSchema,
  jobSearchParamsSchema,
  jobSearchResponseSchema,
  ownJobsParamsSchema,
  hiredJobsParamsSchema,
  ownJobsResponseSchema,
  type JobSearchResponse,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { JobsService } from './jobs.service.ts';
import { clientInfo } from '../../plugins/request-identity.ts';

const jobIdParams = z.object({ jobId: z.string().max(64) });
// Statuses every route with a JSON body can answer before its handler runs.
const bodyErrors = { 400: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema };
const changeErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const cacheStatsSchema = z.object({ hits: z.number(), joined: z.number(), computed: z.number(), entries: z.number() });

const searchIndexStatsSchema = z
  .object({
    jobs: z.number(),
    tokens: z.number(),
    slot_bytes: z.number(),
    posting_bytes: z.number(),
    dense_bytes: z.number(),
    loads: z.number(),
    restores: z.number(),
  })
  .nullable();

/** Development only: how the search cache has answered and what the search index holds, for benchmarks. */
export function searchStatsRoutes(jobs: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/search-cache',
      {
        schema: {
          tags: ['development'],
          summary: 'How the project search cache has answered since the server started, and the search index’s size',
          response: { 200: z.object({ answers: cacheStatsSchema, index: searchIndexStatsSchema }) },
        },
      },
      async () => jobs.searchCacheStats(),
    );
  };
}

export function jobsRoutes(signedIn: SignedIn, jobs: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Post a project (employers only); the featured option answers with the fee to pay',
          security: [{ bearerAuth: [] }],
          body: jobCreationSchema,
          response: { 201: jobCreatedSchema, ...bodyErrors, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await signedIn.actor(request);
        return reply.code(201).send(await jobs.createJob(user, request.body));
      },
    );

    app.get(
      '/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary:
            'The projects the signed-in user was hired on, or hired someone for, latest hire first: every status, or one status or kind when asked',
          security: [{ bearerAuth: [] }],
          querystring: hiredJobsParamsSchema,
          response: { 200: ownJobsResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => jobs.listHiredJobs(await signedIn.actor(request), request.query),
    );

    app.get(
      '/jobs/employer/my',
      {
        schema: {
          tags: ['jobs'],
          summary: 'The signed-in employer’s own projects in every status, newest first, with their proposal counts',
          security: [{ bearerAuth: [] }],
          querystring: ownJobsParamsSchema,
          response: { 200: ownJobsResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => jobs.listOwnJobs(await signedIn.actor(request), request.query),
    );

    app.put(
      '/jobs/:jobId',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Edit one of your open projects, under the same rules and moderation as posting',
          security: [{ bearerAuth: [] }],
          params: jobIdParams,
          body: jobCreationSchema,
          response: { 200: jobChangedSchema, ...bodyErrors, ...changeErrors },
        },
      },
      async (request) => jobs.updateJob(await signedIn.actor(request), request.params.jobId, request.body),
    );

    app.put(
      '/jobs/:jobId/close',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Close one of your open projects: it leaves search, and the professionals who proposed are told',
          security: [{ bearerAuth: [] }],
          params: jobIdParams,
          response: { 200: jobChangedSchema, 422: errorResponseSchema, ...changeErrors },
        },
      },
      async (request) => jobs.closeJob(await signedIn.actor(request), request.params.jobId),
    );

    app.put(
      '/jobs/:jobId/reopen',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Reopen one of your closed projects: it returns to search, and the professionals who proposed are told',
          security: [{ bearerAuth: [] }],
          params: jobIdParams,
          response: { 200: jobChangedSchema, 422: errorResponseSchema, ...changeErrors },
        },
      },
      async (request) => jobs.reopenJob(await signedIn.actor(request), request.params.jobId),
    );

    app.get(
      '/jobs/:jobId',
      {
        schema: {
          tags: ['jobs'],
          summary: 'A project’s detail; views are counted once per viewer per day',
          params: jobIdParams,
          response: { 200: jobDetailSchema, 404: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await signedIn.optionalUser(request);
        const client = clientInfo(request);
        return jobs.getJob(request.params.jobId, { user, ipAddress: client.ipAddress, userAgent: client.userAgent });
      },
    );

    app.get(
      '/search/jobs',
      {
        // Answers come compressed from the search cache (once per answer), not per request.
        compress: false,
        schema: {
          tags: ['jobs'],
          summary: 'Search open projects: featured first (while paid), then the chosen order; amounts in the chosen country’s currency',
          querystring: jobSearchParamsSchema,
          response: { 200: jobSearchResponseSchema, 422: errorResponseSchema },
        },
      },
      // The answer is already JSON text (or its brotli or gzip form), checked against the schema when it
      // was computed; Fastify sends a string or a buffer as it is (the cast tells the schema-typed reply so).
      async (request, reply) => {
        const answer = await jobs.search(request.query);
        const { encoding, body } = answer.encode(request.headers['accept-encoding']);
        void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
        if (encoding !== 'identity') void reply.header('content-encoding', encoding);
        return reply.send(body as unknown as JobSearchResponse);
      },
    );
  };
}
