import {
  accountStatusChangeSchema,
  adminLoginHistorySchema,
  adminMessageSchema,
  adminMessages,
  adminUserDetailsSchema,
  adminUsersParamsSchema,
  adminUsersResponseSchema,
  errorResponseSchema,
  messages,
  statusOfAction,
} from '@mihna/shared';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { AdminsService } from './admins.service.ts';

const knownUser = knownRow(adminMessages.userNotFound);
/** An admin's status given as a platform user's (active, suspended, blocked) is the action that sets it. */
const actionOf = { active: 'reactivate', suspended: 'suspend', blocked: 'block' } as const;
/** A platform user's status change needs its reason (§5), whichever way it is given. */
const reasonRequired = () => new AppError('validation_failed', [{ loc: ['body', 'reason'], msg: messages.required, type: 'missing' }]);

/**
 * The Users tab: the directory, a user's details and sign-ins, and staff's decisions on an account.
 * The status and delete calls serve admins too (the Admins tab), which the admins service answers.
 */
export function adminUsersRoutes(app: AdminApp, services: { users: AdminUsersService; admins: AdminsService }) {
  const { users, admins } = services;

  app.get(
    '/users',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'Platform users, 20 to a page, newest first, by type, industry or a part of a name or e-mail address',
        security,
        querystring: adminUsersParamsSchema,
        response: { 200: adminUsersResponseSchema, ...refusals },
      },
    },
    async (request) => users.list(actorOf(request), request.query),
  );

  app.get(
    '/users/:id/transactions',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'A user’s figures for the detail modal, and their latest payments',
        security,
        params: adminId,
        response: { 200: adminUserDetailsSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => users.details(actorOf(request), knownUser(request.params.id)),
  );

  app.get(
    '/users/:id/login-history',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'A user’s latest sign-ins and failed attempts',
        security,
        params: adminId,
        response: { 200: adminLoginHistorySchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => users.loginHistory(actorOf(request), knownUser(request.params.id)),
  );

  app.put(
    '/users/:id/status',
    {
      // Managing admins takes manage_admins as well, which the admins service asks for.
      config: { admin: 'manage_users' },
      schema: {
        tags: ['admin'],
        summary: 'Suspend, block or reactivate a platform user (status and reason) or an admin (action)',
        security,
        params: adminId,
        body: accountStatusChangeSchema,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = knownUser(request.params.id);
      const { body } = request;
      if (await admins.exists(id)) {
        const action = 'action' in body ? body.action : actionOf[body.status];
        const { message } = await admins.changeStatus(actor, id, action, body.reason);
        return { message };
      }
      if (!('status' in body) && body.reason === undefined) throw reasonRequired();
      return users.changeStatus(actor, id, {
        status: 'status' in body ? body.status : statusOfAction[body.action],
        reason: body.reason ?? '',
      });
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { admin: 'manage_users' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a platform user (anonymised; their money records stay) or an admin',
        security,
        params: adminId,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = knownUser(request.params.id);
      return (await admins.exists(id)) ? admins.remove(actor, id) : users.remove(actor, id);
    },
  );
}
