import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProfilesService } from './profiles.service.ts';

export function profilesRoutes(profiles: ProfilesService): FastifyPluginAsyncZod {
  void profiles;
  return async () => {};
}
