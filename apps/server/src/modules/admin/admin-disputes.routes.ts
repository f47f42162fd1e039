import {
  adminDisputesResponseSchema,
  adminMessageSchema,
  adminMessages,
  disputeResolutionSchema,
  errorResponseSchema,
} from '@mihna/shared';
import type { AdminDisputesService } from './admin-disputes.service.ts';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';

const knownDispute = knownRow(adminMessages.disputeNotFound);

/** The Disputes tab: the open disputes, and staff's resolution of one. */
export function adminDisputesRoutes(app: AdminApp, disputes: AdminDisputesService) {
  app.get(
    '/disputes',
    {
      config: { admin: 'resolve_disputes' },
      schema: {
        tags: ['admin'],
        summary: 'The open disputes, oldest first, with both parties, their statements, the milestones and the money held',
        security,
        response: { 200: adminDisputesResponseSchema, ...refusals },
      },
    },
    async (request) => disputes.list(actorOf(request)),
  );

  app.post(
    '/disputes/:id/resolve',
    {
      config: { admin: 'resolve_disputes' },
      schema: {
        tags: ['admin'],
        summary:
          'Resolve an open dispute about a milestone: release what escrow holds for it, refund it, or split it, with Mihna’s decision both parties receive; optionally end the contract, refunding what is held for the rest',
        security,
        params: adminId,
        body: disputeResolutionSchema,
        // 503: the provider could not be reached for a refund; resolving again carries out the same decision.
        response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema, ...refusals },
      },
    },
    async (request) => disputes.resolve(actorOf(request), knownDispute(request.params.id), request.body),
  );
}
