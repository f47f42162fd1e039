import {
  proposalStageInputSchema,
  receivedProposalsParamsSchema,
  receivedProposalsResponseSchema,
  errorResponseSchema,
  expressInterestSchema,
  invitationInputSchema,
  jobProposalsResponseSchema,
  jobStatuses,
  myProposalsParamsSchema,
  myProposalsResponseSchema,
  ownProposalSchema,
  proposalInputSchema,
  proposalSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { ProposalsService } from './proposals.service.ts';

const idParam = z.string().max(64);
const moderationMessages = z.array(z.string()).describe('Said when inappropriate words in the free text were replaced');
const doneSchema = z.object({ success: z.literal(true), message: z.string(), moderation_messages: moderationMessages });

// Statuses every route can answer before its handler runs: text that cannot be stored (400) and invalid input (422).
const requestErrors = { 400: errorResponseSchema, 422: errorResponseSchema };
// Statuses of a route with a JSON body: too large (413) or not JSON (415).
const bodyErrors = { ...requestErrors, 413: errorResponseSchema, 415: errorResponseSchema };

export function proposalsRoutes(signedIn: SignedIn, proposals: ProposalsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/proposals',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Send a proposal on an open project (professionals; cash projects only within the same emirate)',
          security: [{ bearerAuth: [] }],
          body: proposalInputSchema,
          response: {
            201: z.object({ proposal: proposalSchema, message: z.string(), moderation_messages: moderationMessages }),
            ...bodyErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = await signedIn.actor(request);
        return reply.status(201).send(await proposals.submitProposal(actor, request.body));
      },
    );

    app.get(
      '/proposals/job/:jobId',
      {
        schema: {
          tags: ['proposals'],
          summary:
            'The proposals (withdrawn ones left out) and interests on one of your projects, oldest first (403 for anyone but the owner)',
          security: [{ bearerAuth: [] }],
          params: z.object({ jobId: idParam }),
          response: {
            200: jobProposalsResponseSchema,
            ...requestErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => proposals.listProposals(await signedIn.actor(request), request.params.jobId),
    );

    app.get(
      '/proposals/my',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Your own proposals with their projects and statuses, newest first',
          security: [{ bearerAuth: [] }],
          querystring: myProposalsParamsSchema,
          response: { 200: myProposalsResponseSchema, ...requestErrors, 401: errorResponseSchema },
        },
      },
      async (request) => proposals.listMyProposals(await signedIn.actor(request), request.query),
    );

    app.get(
      '/proposals/received',
      {
        schema: {
          tags: ['proposals'],
          summary: 'The proposals on all your projects, newest first, of one stage when asked',
          security: [{ bearerAuth: [] }],
          querystring: receivedProposalsParamsSchema,
          response: { 200: receivedProposalsResponseSchema, ...requestErrors, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => proposals.listReceivedProposals(await signedIn.actor(request), request.query),
    );

    app.put(
      '/proposals/:id/stage',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Mark a pending proposal on your project reviewed, shortlisted or pending again, or decline it',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: idParam }),
          body: proposalStageInputSchema,
          response: {
            200: z.object({ proposal: proposalSchema, message: z.string() }),
            ...requestErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => proposals.markProposal(await signedIn.actor(request), request.params.id, request.body.stage),
    );

    app.put(
      '/proposals/:id/withdraw',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Withdraw your pending proposal; you may send a new one while the project is open',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: idParam }),
          response: {
            200: z.object({ proposal: ownProposalSchema, message: z.string() }),
            ...requestErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => proposals.withdrawProposal(await signedIn.actor(request), request.params.id),
    );

    app.put(
      '/proposals/:id/accept',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Accept a pending proposal on your open project, which assigns the project (one per project)',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: idParam }),
          response: {
            200: z.object({ proposal: proposalSchema, job_status: z.enum(jobStatuses), message: z.string() }),
            ...requestErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => proposals.acceptProposal(await signedIn.actor(request), request.params.id),
    );

    app.post(
      '/jobs/:id/express-interest',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Tell the owner of an open project you are interested (professionals, once per project)',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: idParam }),
          body: expressInterestSchema,
          response: {
            201: doneSchema,
            ...bodyErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = await signedIn.actor(request);
        return reply.status(201).send(await proposals.expressInterest(actor, request.params.id, request.body));
      },
    );

    app.post(
      '/jobs/:id/invitations',
      {
        schema: {
          tags: ['proposals'],
          summary: 'Invite a professional to one of your open projects; they are notified and e-mailed',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: idParam }),
          body: invitationInputSchema,
          response: {
            201: doneSchema,
            ...bodyErrors,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = await signedIn.actor(request);
        return reply.status(201).send(await proposals.inviteProfessional(actor, request.params.id, request.body));
      },
    );
  };
}
