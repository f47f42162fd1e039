import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminMessageSchema,
  adminMessages,
  adminSessionResponseSchema,
  adminUserSchema,
  errorResponseSchema,
  secondFactorCodeInputSchema,
  secondFactorLoginInputSchema,
  secondFactorResetSchema,
} from '@mihna/shared';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { bearerToken, clientInfo } from '../../plugins/request-identity.ts';
import type { AdminAuthService } from './admin-auth.service.ts';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminsService } from './admins.service.ts';

const codeRefusals = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  423: errorResponseSchema,
};
const knownAdmin = knownRow(adminMessages.notFound);

/** Signing in and out of the console, the admin's second factor, and the signed-in admin. */
export function adminAuthRoutes(app: AdminApp, services: { auth: AdminAuthService; admins: AdminsService; rateLimiter: RateLimiter }) {
  const { auth, admins, rateLimiter } = services;

  app.post(
    '/login',
    {
      config: { admin: 'public' },
      // As the users' login: each address locks after five failures, and each client may try 300 times an hour.
      preHandler: rateLimiter.limitPerClient(perClient('admin-login', 300, 3600)),
      schema: {
        tags: ['admin'],
        summary: 'Sign in to the admin console (five failures lock the address for 30 minutes)',
        description:
          'An admin with two-step verification is answered a challenge (`second_factor_required`, `challenge_token`), which POST /admin/login/second-factor turns into a session within five minutes. An admin without it is answered a session with `second_factor_setup_required: true`: until it sets one up (POST /admin/account/totp, then /admin/account/totp/confirm) every other console call answers 403 `second_factor_setup_required`. The super admin of ADMIN_EMAIL has ADMIN_TOTP_SECRET as its authenticator when that is set.',
        body: adminLoginSchema,
        response: {
          200: adminLoginResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          423: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => auth.login(request.body, clientInfo(request)),
  );

  app.post(
    '/login/second-factor',
    {
      config: { admin: 'public' },
      preHandler: rateLimiter.limitPerClient(perClient('admin-login', 300, 3600)),
      schema: {
        tags: ['admin'],
        summary: 'The second step of an admin login: the challenge and a code of the authenticator app (or a recovery code)',
        description: 'Five wrong codes in a row lock the second step for 15 minutes; the challenge lasts five minutes.',
        body: secondFactorLoginInputSchema,
        response: { 200: adminSessionResponseSchema, ...codeRefusals, 429: errorResponseSchema },
      },
    },
    async (request) => auth.completeSecondFactor(request.body, clientInfo(request)),
  );

  app.get(
    '/account/security',
    {
      config: { admin: 'setup' },
      schema: {
        tags: ['admin'],
        summary: 'Whether the signed-in admin has set up its authenticator app, and its recovery codes left',
        security,
        response: {
          200: z.object({ totp_enabled: z.boolean(), totp_enabled_at: z.string().nullable(), recovery_codes_left: z.number().int() }),
          ...refusals,
        },
      },
    },
    async (request) => auth.secondFactorStatus(bearerToken(request)),
  );

  app.post(
    '/account/totp',
    {
      config: { admin: 'setup' },
      schema: {
        tags: ['admin'],
        summary: 'Start setting up the admin’s authenticator app: its secret, an otpauth:// URI and a QR code (SVG)',
        security,
        response: { 200: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }), ...codeRefusals },
      },
    },
    async (request) => auth.startSecondFactor(bearerToken(request)),
  );

  app.post(
    '/account/totp/confirm',
    {
      config: { admin: 'setup' },
      schema: {
        tags: ['admin'],
        summary: 'Confirm the admin’s authenticator app with a first code; the session opens the console',
        description: 'Answers ten recovery codes, shown this once.',
        security,
        body: secondFactorCodeInputSchema,
        response: { 200: z.object({ recovery_codes: z.array(z.string()) }), ...codeRefusals },
      },
    },
    async (request) => auth.confirmSecondFactor(bearerToken(request), request.body.code, request.ip),
  );

  app.post(
    '/users/:id/second-factor/reset',
    {
      config: { admin: 'manage_admins' },
      schema: {
        tags: ['admin'],
        summary: 'Reset another admin’s two-step verification, with a reason (super admins only); their sessions end',
        security,
        params: adminId,
        body: secondFactorResetSchema,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (request) => auth.resetSecondFactor(actorOf(request), knownAdmin(request.params.id), request.body.reason),
  );

  app.post(
    '/logout',
    {
      config: { admin: 'public' },
      schema: { tags: ['admin'], summary: 'End this admin session', response: { 200: z.object({ success: z.boolean() }) } },
    },
    async (request) => {
      await auth.logout(bearerToken(request));
      return { success: true };
    },
  );

  app.get(
    '/me',
    {
      config: { admin: 'signed_in' },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin, with the role and permissions the console shows its tabs by',
        security,
        response: { 200: adminUserSchema, ...refusals },
      },
    },
    async (request) => admins.find(actorOf(request)),
  );
}
