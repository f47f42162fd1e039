import {
  employerProfileSchema,
  errorResponseSchema,
  expertProfileSchema,
  professionalSearchParamsSchema,
  professionalSearchResponseSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProfilesService } from './profiles.service.ts';

// Any text is accepted here: the service answers 404 for an id that cannot name a user.
const idParams = z.object({ id: z.string() });

export function profilesRoutes(profiles: ProfilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search/professionals',
      {
        schema: {
          tags: ['profiles'],
          summary: 'Search active professionals by text, skills, rate, location and industry (location only where shown)',
          querystring: professionalSearchParamsSchema,
          response: { 200: professionalSearchResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => profiles.searchProfessionals(request.query),
    );

    app.get(
      '/experts/:id/profile',
      {
        schema: {
          tags: ['profiles'],
          summary: 'A professional’s public profile: completed work, reviews and verified ratings',
          params: idParams,
          response: { 200: expertProfileSchema, 404: errorResponseSchema },
        },
      },
      async (request) => profiles.getExpertProfile(request.params.id),
    );

    app.get(
      '/employers/:id/profile',
      {
        schema: {
          tags: ['profiles'],
          summary: 'An employer’s public profile: current projects, completed work, reviews and verified ratings',
          params: idParams,
          response: { 200: employerProfileSchema, 404: errorResponseSchema },
        },
      },
      async (request) => profiles.getEmployerProfile(request.params.id),
    );
  };
}
