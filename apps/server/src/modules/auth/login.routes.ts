import {
  emailAddress,
  errorResponseSchema,
  loginInputSchema,
  passkeyAnswerSchema,
  passkeyCeremonySchema,
  secondFactorPasskeyInputSchema,
  passwordResetInputSchema,
  secondFactorChallengeSchema,
  secondFactorLoginInputSchema,
  sessionResponseSchema,
} from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { LoginService } from './login.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';
import { bearerToken, clientInfo } from '../../plugins/request-identity.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  423: errorResponseSchema,
  429: errorResponseSchema,
};
const messageResponse = z.object({ success: z.boolean(), message: z.string() });

export function loginRoutes(
  login: LoginService,
  reset: PasswordResetService,
  sessions: SessionsService,
  rateLimiter: RateLimiter,
  signInMethods: { passkeyRelyingPartyId: string },
): FastifyPluginAsyncZod {
  const limit = (bucket: string, count: number) => rateLimiter.limitPerClient(perClient(bucket, count, 3600));
  return async (app) => {
    app.post(
      '/auth/enhanced-login',
      {
        preHandler: limit('login', 300),
        schema: {
          tags: ['auth'],
          summary: 'Log in with a password, an e-mailed code or an SMS code (captcha after 3 failures, lock after 5)',
          description:
            'For an account with a second factor the answer is no session but a challenge (`second_factor_required`), ' +
            'whose token POST /auth/second-factor spends with a code of the authenticator app or a recovery code.',
          body: loginInputSchema,
          response: { 200: z.union([sessionResponseSchema, secondFactorChallengeSchema]), ...errors },
        },
      },
      async (request) => login.login(request.body, clientInfo(request)),
    );

    app.post(
      '/auth/second-factor',
      {
        preHandler: limit('second-factor', 300),
        schema: {
          tags: ['auth'],
          summary: 'The second step of a login: the challenge token and a code of the authenticator app, or a recovery code',
          description:
            'A code is accepted once; five wrong codes lock the second step for 15 minutes (423). The challenge lasts five minutes.',
          body: secondFactorLoginInputSchema,
          response: { 200: sessionResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => login.completeSecondFactor(request.body, clientInfo(request)),
    );

    app.post(
      '/auth/second-factor/passkey/options',
      {
        preHandler: limit('second-factor', 300),
        schema: {
          tags: ['auth'],
          summary: "The second step with a passkey: the options for the browser's navigator.credentials.get(), for this login's challenge",
          body: z.object({ challenge_token: z.string().max(100) }),
          response: { 200: passkeyCeremonySchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => login.secondFactorPasskeyOptions(request.body.challenge_token),
    );

    app.post(
      '/auth/second-factor/passkey',
      {
        preHandler: limit('second-factor', 300),
        schema: {
          tags: ['auth'],
          summary: "The second step with a passkey: the challenge token, the ceremony's token and the browser's answer",
          description: 'A passkey that does not check out counts as a wrong code toward the lock.',
          body: secondFactorPasskeyInputSchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => login.completeSecondFactorWithPasskey(request.body, clientInfo(request)),
    );

    app.get(
      '/auth/sign-in-methods',
      {
        schema: {
          tags: ['auth'],
          summary: 'The ways to sign in besides a password or a code: the passkeys’ relying party',
          description: 'A browser offers passkeys only on the relying party’s host (or a subdomain of it).',
          response: { 200: z.object({ passkey_rp_id: z.string() }) },
        },
      },
      async () => ({ passkey_rp_id: signInMethods.passkeyRelyingPartyId }),
    );

    app.post(
      '/auth/passkey/options',
      {
        preHandler: limit('passkey-sign-in', 300),
        schema: {
          tags: ['auth'],
          summary: "Sign in with a passkey alone: the options for the browser's navigator.credentials.get() (no e-mail typed)",
          description: "The relying party is PUBLIC_URL's host (`rpId`); the ceremony lasts five minutes.",
          response: { 200: passkeyCeremonySchema, 429: errorResponseSchema },
        },
      },
      async () => login.passkeySignInOptions(),
    );

    app.post(
      '/auth/passkey',
      {
        preHandler: limit('passkey-sign-in', 300),
        schema: {
          tags: ['auth'],
          summary: "Sign in with a passkey alone: the ceremony's token and the browser's answer, proved with the device's lock",
          body: passkeyAnswerSchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => login.signInWithPasskey(request.body, clientInfo(request)),
    );

    app.get(
      '/auth/login-status/:email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether the next password login for this e-mail needs a solved captcha, or must wait out a lock',
          params: z.object({ email: z.string().max(254) }),
          response: { 200: z.object({ requires_captcha: z.boolean(), is_locked: z.boolean(), locked_minutes: z.number().int() }) },
        },
      },
      async (request) => login.loginStatus(request.params.email),
    );

    app.post(
      '/auth/send-login-code',
      {
        preHandler: limit('send-login-code', 60),
        schema: {
          tags: ['auth'],
          summary: 'Send a 6-digit login code by e-mail, or by SMS to the mobile number given as email',
          querystring: z.object({ method: z.enum(['email', 'sms']).default('email') }),
          body: z.object({ email: z.string().trim().min(1, 'Please enter your email first.').max(254) }),
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => login.sendLoginCode(request.query.method, request.body.email),
    );

    app.get(
      '/auth/captcha',
      {
        preHandler: limit('captcha', 300),
        schema: {
          tags: ['auth'],
          summary: 'A math challenge',
          description: "`question` is the sum alone ('4 + 4'), for the page to ask in its language ('What is 4 + 4?').",
          response: { 200: z.object({ captcha_id: z.string(), question: z.string() }) },
        },
      },
      async () => login.createCaptcha(),
    );

    app.post(
      '/auth/captcha/verify',
      {
        preHandler: limit('captcha-verify', 300),
        schema: {
          tags: ['auth'],
          summary: 'Answer a challenge for a single-use captcha token',
          body: z.object({ captcha_id: z.uuid(), answer: z.coerce.number().int() }),
          response: { 200: z.object({ captcha_token: z.string() }), ...errors },
        },
      },
      async (request) => login.verifyCaptcha(request.body.captcha_id, request.body.answer),
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this session', response: { 200: z.object({ success: z.boolean() }) } } },
      async (request) => {
        await sessions.closeSession(bearerToken(request));
        return { success: true };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        preHandler: limit('forgot-password', 60),
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password reset code (the same answer whether or not the account exists)',
          body: z.object({ email: emailAddress() }),
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => reset.requestReset(request.body.email),
    );

    app.post(
      '/auth/reset-password',
      {
        preHandler: limit('reset-password', 120),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the reset code; lifts a login lock and ends every session',
          body: passwordResetInputSchema,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => reset.resetPassword(request.body),
    );
  };
}
