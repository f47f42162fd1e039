import {
  activeEntrySchema,
  errorResponseSchema,
  manualEntrySchema,
  timeEntriesSchema,
  timeEntrySchema,
  timerStartSchema,
  timerStopSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from '../auth/sessions.service.ts';
import { bearerToken } from '../auth/request-identity.ts';
import type { TimeService } from './time.service.ts';

const security = [{ bearerAuth: [] }];
const actionErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** §7 time calls, and the entries and offline time they lead to. */
export function timeRoutes(sessions: SessionsService, time: TimeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/time/worker/active',
      {
        schema: {
          tags: ['time'],
          summary: 'The timer the caller has running, or null',
          security,
          response: { 200: z.object({ active_entry: activeEntrySchema.nullable() }), 401: errorResponseSchema },
        },
      },
      async (request) => time.activeEntry(await sessions.requireActor(bearerToken(request))),
    );

    app.post(
      '/time/start',
      {
        schema: {
          tags: ['time'],
          summary: 'Start the timer on an hourly job you were hired for (one timer at a time)',
          security,
          body: timerStartSchema,
          response: { 201: z.object({ message: z.string(), entry: activeEntrySchema }), ...actionErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await time.start(await sessions.requireActor(bearerToken(request)), request.body)),
    );

    app.put(
      '/time/:id/stop',
      {
        schema: {
          tags: ['time'],
          summary: 'Stop your running timer; its hours are counted to the second at the contract’s rate',
          security,
          params: z.object({ id: z.string().max(64) }),
          body: timerStopSchema,
          response: { 200: z.object({ message: z.string(), entry: timeEntrySchema }), ...actionErrors },
        },
      },
      async (request) => time.stop(await sessions.requireActor(bearerToken(request)), request.params.id, request.body),
    );

    app.post(
      '/time/manual',
      {
        schema: {
          tags: ['time'],
          summary: 'Record time worked offline on an hourly job, with the reason (at most 12 hours, in the past, overlapping nothing)',
          security,
          body: manualEntrySchema,
          response: { 201: z.object({ message: z.string(), entry: timeEntrySchema }), ...actionErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await time.addManual(await sessions.requireActor(bearerToken(request)), request.body)),
    );

    app.get(
      '/time/entries',
      {
        schema: {
          tags: ['time'],
          summary: 'Time entries newest first: your own, or one job’s for either party of its contract',
          security,
          querystring: z.object({ job_id: z.string().max(64).optional(), before: z.string().max(200).optional() }),
          response: { 200: timeEntriesSchema, ...actionErrors },
        },
      },
      async (request) => time.listEntries(await sessions.requireActor(bearerToken(request)), request.query),
    );
  };
}
