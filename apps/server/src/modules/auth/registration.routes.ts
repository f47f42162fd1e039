import {
  emailAddress,
  errorResponseSchema,
  registrationInputSchema,
  verificationCodeSchema,
  currentUserSchema,
  sessionResponseSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { RegistrationService } from './registration.service.ts';
import { clientInfo } from '../../plugins/request-identity.ts';

const registrationResponseSchema = z.object({
  registration_id: z.string(),
  verification_method: z.enum(['email', 'sms']),
  verification_required: z.boolean(),
  access_token: z.string().nullable(),
  user: currentUserSchema.nullable(),
  moderation_messages: z.array(z.string()),
  /** Set when this submission replaced a waiting registration: a new code went out and the old ones died. */
  message: z.string().nullable(),
});

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

export function registrationRoutes(registration: RegistrationService, rateLimiter: RateLimiter): FastifyPluginAsyncZod {
  const limit = (bucket: string, count: number) => rateLimiter.limitPerClient(perClient(bucket, count, 3600));
  return async (app) => {
    app.post(
      '/auth/register',
      {
        preHandler: limit('register', 60),
        schema: {
          tags: ['auth'],
          summary: 'Register a professional or an employer; a code is sent to verify the e-mail or mobile number',
          body: registrationInputSchema,
          response: { 200: registrationResponseSchema, ...errors },
        },
      },
      async (request) => registration.register(request.body),
    );

    app.get(
      '/auth/check-registration/:email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a registration for this e-mail is waiting for its code',
          params: z.object({ email: z.string().max(254) }),
          response: {
            200: z.object({
              has_registration: z.boolean(),
              registration_id: z.string().nullable(),
              email: z.string(),
              verification_method: z.enum(['email', 'sms']).nullable(),
            }),
          },
        },
      },
      async (request) => registration.checkRegistration(request.params.email),
    );

    app.post(
      '/auth/complete-registration',
      {
        preHandler: limit('complete-registration', 120),
        schema: {
          tags: ['auth'],
          summary: 'Enter the verification code: the account is created and signed in',
          body: z.object({ registration_id: z.uuid(), verification_code: verificationCodeSchema, email: z.string().max(254) }),
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => registration.completeRegistration(request.body, clientInfo(request)),
    );

    app.post(
      '/auth/resend-verification',
      {
        preHandler: limit('resend-verification', 60),
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification code for a waiting registration (once a minute)',
          body: z.object({ email: emailAddress() }),
          response: { 200: z.object({ success: z.boolean(), message: z.string() }), ...errors },
        },
      },
      async (request) => registration.resendVerification(request.body.email),
    );
  };
}
