import {
  adminListSchema,
  adminMessageSchema,
  adminMessages,
  adminPermissionsSchema,
  adminUserSchema,
  changeAdminPasswordSchema,
  createAdminSchema,
  errorResponseSchema,
} from '@mihna/shared';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { AdminsService } from './admins.service.ts';

const knownAdmin = knownRow(adminMessages.notFound);

/** The Admins tab: the admin accounts, a new one, an admin's password, role and permissions. */
export function adminsRoutes(app: AdminApp, admins: AdminsService) {
  app.get(
    '/admins',
    {
      config: { admin: 'view_admins' },
      schema: { tags: ['admin'], summary: 'Every admin account', security, response: { 200: adminListSchema, ...refusals } },
    },
    async (request) => admins.list(actorOf(request)),
  );

  app.post(
    '/users',
    {
      config: { admin: 'manage_admins' },
      schema: {
        tags: ['admin'],
        summary: 'Create an admin (role admin unless another is given)',
        security,
        body: createAdminSchema,
        response: { 201: adminMessageSchema.extend({ admin: adminUserSchema }), 409: errorResponseSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await admins.create(actorOf(request), request.body)),
  );

  app.put(
    '/users/:id/password',
    {
      config: { admin: 'manage_admins' },
      schema: {
        tags: ['admin'],
        summary: 'Set an admin’s password (at least 6 characters); their sessions end',
        security,
        params: adminId,
        body: changeAdminPasswordSchema,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => admins.changePassword(actorOf(request), knownAdmin(request.params.id), request.body.new_password),
  );

  app.put(
    '/users/:id/permissions',
    {
      config: { admin: 'manage_admins' },
      schema: {
        tags: ['admin'],
        summary: 'Set an admin’s role and permissions (a super admin has every permission)',
        security,
        params: adminId,
        body: adminPermissionsSchema,
        response: {
          200: adminMessageSchema.extend({ admin: adminUserSchema }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...refusals,
        },
      },
    },
    async (request) => admins.setPermissions(actorOf(request), knownAdmin(request.params.id), request.body),
  );
}
