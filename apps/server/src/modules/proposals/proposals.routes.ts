import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { ProposalsService } from './proposals.service.ts';

export function proposalsRoutes(sessions: SessionsService, proposals: ProposalsService): FastifyPluginAsyncZod {
  void sessions;
  void proposals;
  return async () => {};
}
