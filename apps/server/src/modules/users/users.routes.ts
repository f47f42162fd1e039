import type { FastifyRequest } from 'fastify';
import { currentUserSchema, errorResponseSchema, profileUpdateRequestSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { UserRow } from './users.repository.ts';
import { toCurrentUser } from './user-response.ts';
import type { UsersService } from './users.service.ts';

// Room for photos of several MB, so that an oversized picture hears the image rule's own message
// ('Image size must be less than 2MB'); it is refused by its length before it is decoded.
const PICTURE_BODY_LIMIT = 8 * 1024 * 1024;

export function usersRoutes(
  signedIn: SignedIn<UserRow>,
  usersService: UsersService,
  /** Step-up (auth module): a new mobile number needs a second factor proved in the last five minutes. */
  stepUp: { require(request: FastifyRequest): Promise<void> },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserSchema, 401: errorResponseSchema },
        },
      },
      async (request) => toCurrentUser(await signedIn.user(request)),
    );

    app.put(
      '/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Update your own profile (403 for anyone else)',
          description: 'A new mobile number (login codes go to it) needs step-up first: 403 `step_up_required` without it.',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: z.string().max(64) }),
          body: profileUpdateRequestSchema,
          response: {
            200: currentUserSchema.extend({ moderation_messages: z.array(z.string()) }),
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request) =>
        usersService.updateProfile(await signedIn.actor(request), request.params.id, request.body, () => stepUp.require(request)),
    );

    app.post(
      '/profile/picture/upload',
      {
        bodyLimit: PICTURE_BODY_LIMIT,
        schema: {
          tags: ['users'],
          summary: 'Upload a profile picture as a data URL (a real image under 2 MB); it is stored as a square WebP',
          security: [{ bearerAuth: [] }],
          body: z.object({ image_data: z.string().min(1, 'Please select an image file') }),
          response: { 200: currentUserSchema, 401: errorResponseSchema, 413: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => usersService.setProfilePicture(await signedIn.actor(request), request.body.image_data),
    );

    app.delete(
      '/profile/picture',
      {
        schema: {
          tags: ['users'],
          summary: 'Remove the profile picture',
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserSchema, 401: errorResponseSchema },
        },
      },
      async (request) => usersService.deleteProfilePicture(await signedIn.actor(request)),
    );
  };
}
