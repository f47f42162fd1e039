import { adminLoginResponseSchema, adminLoginSchema, adminUserSchema, errorResponseSchema } from '@mihna/shared';
import { z } from 'zod';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { bearerToken, clientInfo } from '../../plugins/request-identity.ts';
import type { AdminAuthService } from './admin-auth.service.ts';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminsService } from './admins.service.ts';

/** Signing in and out of the console, and the signed-in admin. */
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
