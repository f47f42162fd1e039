import {
  emailChangeInputSchema,
  errorResponseSchema,
  passkeyAnswerSchema,
  passkeyCeremonySchema,
  passwordChangeInputSchema,
  secondFactorCodeInputSchema,
  sessionMessages,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transaction } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { bearerToken } from '../../plugins/request-identity.ts';
import type { SessionsService } from './sessions.service.ts';
import type { StepUpService } from './step-up.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const security = [{ bearerAuth: [] }];
const sessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  device_kind: z.enum(['desktop', 'mobile', 'tablet', 'tv']).nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  is_current: z.boolean(),
});

/**
 * The signed-in user's sessions (/settings/security): each where it was opened and last used, ended
 * one by one or all but this one; step-up, which actions that move money ask for; and the "Secure
 * my account" link of a new device's e-mail.
 */
export function sessionsRoutes(
  db: Db,
  sessions: SessionsService,
  stepUp: StepUpService,
  passwords: Pick<PasswordResetService, 'changePassword'>,
  emailChange: EmailChangeService,
  rateLimiter: RateLimiter,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/sessions',
      {
        schema: {
          tags: ['account security'],
          summary: 'Your live sessions: browser and system, address, when opened and last used; this one marked',
          security,
          response: { 200: z.object({ sessions: z.array(sessionSchema) }), 401: errorResponseSchema },
        },
      },
      async (request) => sessions.listSessions(bearerToken(request)),
    );

    app.delete(
      '/account/sessions/:id',
      {
        schema: {
          tags: ['account security'],
          summary: 'End one of your sessions: its token stops working at once',
          security,
          params: z.object({ id: z.string().max(64) }),
          response: { 204: z.null(), 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await sessions.endSession(bearerToken(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/account/sessions/end-others',
      {
        schema: {
          tags: ['account security'],
          summary: 'End every session of yours but this one',
          security,
          response: { 200: z.object({ ended: z.number().int() }), 401: errorResponseSchema },
        },
      },
      async (request) => sessions.endOtherSessions(bearerToken(request)),
    );

    app.get(
      '/account/step-up',
      {
        schema: {
          tags: ['account security'],
          summary: 'Whether this session proved a second factor in the last five minutes, and how it proves one',
          security,
          response: {
            200: z.object({ method: z.enum(['totp', 'passkey', 'email']), passkey: z.boolean(), confirmed_until: z.string().nullable() }),
            401: errorResponseSchema,
          },
        },
      },
      async (request) => stepUp.status(bearerToken(request)),
    );

    app.post(
      '/account/step-up/code',
      {
        schema: {
          tags: ['account security'],
          summary: 'Send a 6-digit code to the e-mail of an account without an authenticator app, for step-up',
          security,
          response: {
            200: z.object({ message: z.string() }),
            401: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => stepUp.sendCode(bearerToken(request)),
    );

    app.post(
      '/account/step-up',
      {
        schema: {
          tags: ['account security'],
          summary: 'Prove a second factor for five minutes: a code of the authenticator app (or a recovery code), or the e-mailed code',
          description: 'Payouts and new payout methods answer 403 `step_up_required` without it.',
          security,
          body: secondFactorCodeInputSchema,
          response: {
            200: z.object({ confirmed_until: z.string() }),
            401: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
            423: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => stepUp.confirm(bearerToken(request), request.body.code),
    );

    app.post(
      '/account/step-up/passkey/options',
      {
        schema: {
          tags: ['account security'],
          summary: "Step-up with a passkey: the options for the browser's navigator.credentials.get(), bound to this session",
          security,
          response: { 200: passkeyCeremonySchema, 401: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => stepUp.passkeyOptions(bearerToken(request)),
    );

    app.post(
      '/account/step-up/passkey',
      {
        schema: {
          tags: ['account security'],
          summary: "Prove a second factor for five minutes with a passkey: the ceremony's token and the browser's answer",
          security,
          body: passkeyAnswerSchema,
          response: {
            200: z.object({ confirmed_until: z.string() }),
            401: errorResponseSchema,
            422: errorResponseSchema,
            423: errorResponseSchema,
          },
        },
      },
      async (request) => stepUp.confirmWithPasskey(bearerToken(request), request.body),
    );

    app.get(
      '/account/email',
      {
        schema: {
          tags: ['account security'],
          summary: 'Your e-mail address, and the new one a change is waiting to confirm',
          security,
          response: { 200: z.object({ email: z.string(), pending_email: z.string().nullable() }), 401: errorResponseSchema },
        },
      },
      async (request) => emailChange.pending(bearerToken(request)),
    );

    app.post(
      '/account/email',
      {
        preHandler: rateLimiter.limitPerClient(perClient('email-change', 20, 3600)),
        schema: {
          tags: ['account security'],
          summary: 'Change your e-mail address: a 6-digit code goes to the new one (needs step-up)',
          description: 'POST /account/email/confirm with the code makes it the account’s; the old address is told at once.',
          security,
          body: emailChangeInputSchema,
          response: {
            200: z.object({ message: z.string(), pending_email: z.string() }),
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        await stepUp.require(request);
        return emailChange.start(bearerToken(request), request.body.email);
      },
    );

    app.post(
      '/account/email/confirm',
      {
        preHandler: rateLimiter.limitPerClient(perClient('email-change-confirm', 60, 3600)),
        schema: {
          tags: ['account security'],
          summary: 'Confirm the new e-mail address with the code sent to it',
          security,
          body: secondFactorCodeInputSchema,
          response: {
            200: z.object({ message: z.string(), email: z.string() }),
            400: errorResponseSchema,
            401: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => emailChange.confirm(bearerToken(request), request.body.code),
    );

    app.post(
      '/account/password',
      {
        preHandler: rateLimiter.limitPerClient(perClient('password-change', 30, 3600)),
        schema: {
          tags: ['account security'],
          summary: 'Change your password: the current one and the new one twice; every other session ends',
          description: 'Needs a second factor proved in the last five minutes (POST /account/step-up), else 403 `step_up_required`.',
          security,
          body: passwordChangeInputSchema,
          response: {
            200: z.object({ message: z.string() }),
            401: errorResponseSchema,
            403: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        await stepUp.require(request);
        return passwords.changePassword(bearerToken(request), request.body);
      },
    );

    app.post(
      '/auth/secure-account',
      {
        preHandler: rateLimiter.limitPerClient(perClient('secure-account', 30, 3600)),
        schema: {
          tags: ['auth'],
          summary: 'The "Secure my account" link of a new-device e-mail: ends every session of the account (one use, 7 days)',
          body: z.object({ token: z.string().min(1).max(100) }),
          response: {
            200: z.object({ message: z.string() }),
            401: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        await transaction(db, (tx) => sessions.secureAccount(request.body.token, tx));
        return { message: sessionMessages.secured };
      },
    );
  };
}
