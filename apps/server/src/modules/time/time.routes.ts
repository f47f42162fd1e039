import {
  activeEntrySchema,
  checkoutResponseSchema,
  errorResponseSchema,
  manualEntrySchema,
  timeEntriesSchema,
  timeEntrySchema,
  timerStartSchema,
  timerStopSchema,
  timesheetReviewSchema,
  timesheetsSchema,
  weekStartSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import { sendPdf } from '../documents/index.ts';
import { pageVisitOf } from '../../plugins/page-visit.ts';
import { type CheckoutService } from '../payments/index.ts';
import { entryCursor, type TimeService } from './time.service.ts';
import type { TimesheetsService } from './timesheets.service.ts';

const security = [{ bearerAuth: [] }];
const actionErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** §7 time calls, and the entries and offline time they lead to. */
export function timeRoutes(
  signedIn: SignedIn,
  time: TimeService,
  timesheets: TimesheetsService,
  checkouts: CheckoutService,
): FastifyPluginAsyncZod {
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
      async (request) => time.activeEntry(await signedIn.actor(request)),
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
      async (request, reply) => reply.status(201).send(await time.start(await signedIn.actor(request), request.body)),
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
      async (request) => time.stop(await signedIn.actor(request), request.params.id, request.body),
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
      async (request, reply) => reply.status(201).send(await time.addManual(await signedIn.actor(request), request.body)),
    );

    app.get(
      '/time/entries',
      {
        schema: {
          tags: ['time'],
          summary: 'Time entries newest first: your own, or one job’s for either party of its contract',
          security,
          querystring: z.object({
            job_id: z.string().max(64).optional(),
            before: z.string().max(200).optional(),
            week: weekStartSchema.optional(),
          }),
          response: { 200: timeEntriesSchema, ...actionErrors },
        },
      },
      async (request) => {
        const actor = await signedIn.actor(request);
        // A `before` that is not one of ours is refused (422) before the job is looked up, as the schema's checks are.
        return time.listEntries(actor, { ...request.query, before: entryCursor(request.query.before) });
      },
    );

    const week = z.object({ jobId: z.string().max(64), week: weekStartSchema });

    app.get(
      '/jobs/:jobId/timesheets',
      {
        schema: {
          tags: ['time'],
          summary: 'An hourly job’s weekly timesheets, newest first, for either party of its contract',
          security,
          params: z.object({ jobId: z.string().max(64) }),
          response: { 200: timesheetsSchema, ...actionErrors },
        },
      },
      async (request) => timesheets.listTimesheets(await signedIn.actor(request), request.params.jobId),
    );

    app.post(
      '/jobs/:jobId/timesheets/:week/approve',
      {
        schema: {
          tags: ['time'],
          summary: 'The employer approves an ended week (a Monday), disputing any entries with a note; the approved hours are billed',
          security,
          params: week,
          body: timesheetReviewSchema,
          response: { 200: messageSchema, ...actionErrors, 422: errorResponseSchema },
        },
      },
      async (request) => timesheets.review(await signedIn.actor(request), request.params.jobId, request.params.week, request.body.disputes),
    );

    app.get(
      '/jobs/:jobId/timesheets/:week/pdf',
      {
        schema: {
          tags: ['time'],
          summary: 'A week’s timesheet (a Monday) as a PDF in English or Arabic, for either party of the contract',
          security,
          params: week,
          querystring: z.object({ language: z.enum(['en', 'ar']).default('en') }),
          response: { 200: z.any().describe('application/pdf'), 400: errorResponseSchema, ...actionErrors },
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await timesheets.timesheetPdf(await signedIn.actor(request), request.params.jobId, request.params.week, request.query.language),
        ),
    );

    app.post(
      '/jobs/:jobId/timesheets/:week/pay',
      {
        schema: {
          tags: ['time'],
          summary: 'The employer pays a week’s approved hours through the provider’s checkout',
          security,
          params: week,
          response: { 200: checkoutResponseSchema, ...actionErrors },
        },
      },
      async (request) =>
        checkouts.answerVisit(
          await timesheets.pay(await signedIn.actor(request), request.params.jobId, request.params.week),
          pageVisitOf(request.headers),
        ),
    );

    app.post(
      '/jobs/:jobId/end-contract',
      {
        schema: {
          tags: ['time'],
          summary: 'Either party ends an active hourly contract; the job completes',
          security,
          params: z.object({ jobId: z.string().max(64) }),
          response: { 200: messageSchema, ...actionErrors },
        },
      },
      async (request) => timesheets.endContract(await signedIn.actor(request), request.params.jobId),
    );
  };
}

const messageSchema = z.object({ message: z.string() });
