import {
  checkoutStatuses,
  checkoutPurposes,
  checkoutResponseSchema,
  disputeInputSchema,
  errorResponseSchema,
  milestoneApprovalSchema,
  milestoneChangeSchema,
  milestoneSubmissionSchema,
  paymentActionResponseSchema,
  paymentStatusSchema,
  setupPaymentSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { CheckoutService } from './checkout.service.ts';
import { pageVisitOf } from '../../plugins/page-visit.ts';
import type { FeaturedService } from './featured.service.ts';
import type { PaymentsService } from './payments.service.ts';

const idParam = z.string().max(64);
const security = [{ bearerAuth: [] }];
const actionErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

type App = Parameters<FastifyPluginAsyncZod>[0];
interface Dependencies {
  signedIn: SignedIn;
  payments: PaymentsService;
  featured: FeaturedService;
  checkouts: CheckoutService;
}

/** A payment's status and its plan: set up, milestones added, changed, taken out and funded, escrow funded. */
function planRoutes(app: App, { signedIn, payments, checkouts }: Dependencies) {
  app.get(
    '/jobs/:jobId/payment-status',
    {
      schema: {
        tags: ['payments'],
        summary: "A job's payment: status, escrow, progress and milestones (the owner and the hired professional only)",
        security,
        params: z.object({ jobId: idParam }),
        response: { 200: paymentStatusSchema, ...actionErrors },
      },
    },
    async (request) => payments.getPaymentStatus(await signedIn.actor(request), request.params.jobId),
  );

  app.post(
    '/jobs/:jobId/setup-payment',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Set up the milestones of an assigned job (its owner), or set them up again while nothing is funded; their total may not exceed the accepted price',
        security,
        params: z.object({ jobId: idParam }),
        body: setupPaymentSchema,
        response: { 201: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await payments.setupPayment(await signedIn.actor(request), request.params.jobId, request.body)),
  );

  app.post(
    '/payments/:paymentId/milestones',
    {
      schema: {
        tags: ['payments'],
        summary: "Add a milestone to a running contract's plan (its owner); once escrow is funded, it is funded on its own",
        security,
        params: z.object({ paymentId: idParam }),
        body: milestoneChangeSchema,
        response: { 201: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await payments.addMilestone(await signedIn.actor(request), request.params.paymentId, request.body)),
  );

  app.put(
    '/milestones/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Change a milestone not funded yet (the owner)',
        security,
        params: z.object({ id: idParam }),
        body: milestoneChangeSchema,
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.updateMilestone(await signedIn.actor(request), request.params.id, request.body),
  );

  app.delete(
    '/milestones/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Take out a milestone not funded yet (the owner); the plan keeps at least one',
        security,
        params: z.object({ id: idParam }),
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.removeMilestone(await signedIn.actor(request), request.params.id),
  );

  app.post(
    '/milestones/:id/fund',
    {
      schema: {
        tags: ['payments'],
        summary: "Fund a milestone added to a running contract through the provider's checkout (the owner)",
        security,
        params: z.object({ id: idParam }),
        response: { 200: checkoutResponseSchema, ...actionErrors },
      },
    },
    async (request) =>
      checkouts.answerVisit(await payments.fundMilestone(await signedIn.actor(request), request.params.id), pageVisitOf(request.headers)),
  );

  app.post(
    '/payments/:paymentId/create-escrow',
    {
      schema: {
        tags: ['payments'],
        summary: "Fund escrow through the provider's checkout (the owner); asking again while it is open returns the same checkout",
        security,
        params: z.object({ paymentId: idParam }),
        response: { 200: checkoutResponseSchema, ...actionErrors },
      },
    },
    async (request) =>
      checkouts.answerVisit(
        await payments.createEscrow(await signedIn.actor(request), request.params.paymentId),
        pageVisitOf(request.headers),
      ),
  );
}

/** A milestone's work and a payment's disputes: submitted, approved, paid in cash and confirmed, disputed. */
function workRoutes(app: App, { signedIn, payments }: Dependencies) {
  app.post(
    '/payments/:paymentId/dispute',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Open a dispute about a milestone escrow holds money for (either party), or about all it holds when none is named: only those milestones wait for staff',
        security,
        params: z.object({ paymentId: idParam }),
        body: disputeInputSchema,
        response: { 201: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await payments.openDispute(await signedIn.actor(request), request.params.paymentId, request.body)),
  );

  app.post(
    '/milestones/:id/submit',
    {
      schema: {
        tags: ['payments'],
        summary: 'Submit a milestone for approval (the hired professional), with notes and links to the deliverables',
        security,
        params: z.object({ id: idParam }),
        body: milestoneSubmissionSchema,
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.submitMilestone(await signedIn.actor(request), request.params.id, request.body),
  );

  app.post(
    '/milestones/:id/approve',
    {
      schema: {
        tags: ['payments'],
        summary: 'Approve a submitted milestone (the owner): its amount is released to the professional less the 2% service fee',
        security,
        params: z.object({ id: idParam }),
        body: milestoneApprovalSchema,
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.approveMilestone(await signedIn.actor(request), request.params.id, request.body),
  );

  app.post(
    '/milestones/:id/mark-paid-in-cash',
    {
      schema: {
        tags: ['payments'],
        summary: "A cash job's milestone was paid in person (the hired professional); the employer is asked to confirm",
        security,
        params: z.object({ id: idParam }),
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.markPaidInCash(await signedIn.actor(request), request.params.id),
  );

  app.post(
    '/milestones/:id/confirm-cash-payment',
    {
      schema: {
        tags: ['payments'],
        summary: "Confirm a cash job's milestone was paid in person (the owner); recorded off-platform, without fees",
        security,
        params: z.object({ id: idParam }),
        response: { 200: paymentActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => payments.confirmCashPayment(await signedIn.actor(request), request.params.id),
  );
}

/** Featuring a project, and the checkouts a payer pays through. */
function checkoutRoutes(app: App, { signedIn, featured, checkouts }: Dependencies) {
  app.post(
    '/jobs/:id/featured-payment/create',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay to feature a project posted with the featured option (its owner): 7 days at the top of search once paid',
        security,
        params: z.object({ id: idParam }),
        response: { 200: checkoutResponseSchema, ...actionErrors },
      },
    },
    async (request) =>
      checkouts.answerVisit(
        await featured.createFeaturedCheckout(await signedIn.actor(request), request.params.id),
        pageVisitOf(request.headers),
      ),
  );

  app.get(
    '/checkouts/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A checkout you are paying: what for, how much, and whether it is paid',
        security,
        params: z.object({ id: idParam }),
        response: {
          200: z.object({
            id: z.string(),
            purpose: z.enum(checkoutPurposes),
            status: z.enum(checkoutStatuses),
            amount: z.number(),
            currency: z.string(),
            description: z.string(),
            return_path: z.string(),
          }),
          ...actionErrors,
        },
      },
    },
    async (request) => checkouts.viewCheckout(await signedIn.actor(request), request.params.id),
  );

  app.get(
    '/checkouts/:id/return/:outcome',
    {
      schema: {
        tags: ['payments'],
        summary: "Where the card provider sends the payer back: the checkout's outcome page, on the site's address they paid from",
        params: z.object({ id: idParam, outcome: z.enum(['success', 'cancelled']) }),
        response: { 303: z.null().describe('Redirect to /payments/{outcome}?checkout={id}') },
      },
    },
    async (request, reply) => reply.redirect(await checkouts.returnUrl(request.params.id, request.params.outcome), 303),
  );
}

export function paymentsRoutes(dependencies: Dependencies): FastifyPluginAsyncZod {
  return async (app) => {
    planRoutes(app, dependencies);
    workRoutes(app, dependencies);
    checkoutRoutes(app, dependencies);
  };
}
