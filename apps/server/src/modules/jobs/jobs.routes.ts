import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { JobsService } from './jobs.service.ts';

export function jobsRoutes(sessions: SessionsService, jobs: JobsService): FastifyPluginAsyncZod {
  void sessions;
  void jobs;
  return async () => {};
}
