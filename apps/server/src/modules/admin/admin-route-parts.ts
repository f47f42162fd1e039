import { errorResponseSchema, type AdminPermission, type ServerMessage } from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { AdminActor } from './admin-auth.service.ts';

// What every console area's routes (admin-*.routes.ts) share: the rule each declares, the acting
// admin the guard found, and the parts of their schemas that are the same everywhere.

/**
 * Who may call an admin route, declared once beside it (`config.admin`): anyone ('public': the login),
 * any signed-in admin ('signed_in'), a signed-in admin still to set up its second factor too
 * ('setup': the setting up), or an admin with the named permission.
 */
export type AdminRule = AdminPermission | 'public' | 'signed_in' | 'setup';

declare module 'fastify' {
  interface FastifyContextConfig {
    admin?: AdminRule;
  }
  interface FastifyRequest {
    adminActor?: AdminActor;
  }
}

/** The instance the console's routes are added to, under /api/admin (admin.routes.ts). */
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** The acting admin, whom the guard found before the route ran. */
export function actorOf(request: FastifyRequest): AdminActor {
  if (!request.adminActor) throw new Error(`${request.routeOptions.url} ran without its admin guard`);
  return request.adminActor;
}

export const security = [{ bearerAuth: [] }];
export const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };
export const adminId = z.object({ id: z.string().max(64) });

/** An id from the path, or 404 in `notFound`'s words when it cannot name a row. */
export const knownRow = (notFound: ServerMessage) => (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', notFound);
  return id;
};
