import {
  adminMessageSchema,
  adminMessages,
  adminProjectDetailSchema,
  adminProjectsParamsSchema,
  adminProjectsResponseSchema,
  errorResponseSchema,
  projectStatusChangeSchema,
} from '@mihna/shared';
import type { AdminProjectsService } from './admin-projects.service.ts';
import { actorOf, adminId, knownRow, refusals, security, type AdminApp } from './admin-route-parts.ts';

const knownProject = knownRow(adminMessages.projectNotFound);

/** The Projects tab: the directory, a project's detail, and staff's decision on a project. */
export function adminProjectsRoutes(app: AdminApp, projects: AdminProjectsService) {
  app.get(
    '/projects',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'Every project, 20 to a page, newest first, by state, industry, budget (AED) or a part of its title',
        security,
        querystring: adminProjectsParamsSchema,
        response: { 200: adminProjectsResponseSchema, ...refusals },
      },
    },
    async (request) => projects.list(actorOf(request), request.query),
  );

  app.get(
    '/projects/:id',
    {
      config: { admin: 'view_users' },
      schema: {
        tags: ['admin'],
        summary: 'A project with its employer, for the detail modal',
        security,
        params: adminId,
        response: { 200: adminProjectDetailSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => projects.detail(actorOf(request), knownProject(request.params.id)),
  );

  app.put(
    '/projects/:id/status',
    {
      config: { admin: 'moderate_content' },
      schema: {
        tags: ['admin'],
        summary: 'Reactivate, suspend, block or remove a project, with the reason its owner is told',
        security,
        params: adminId,
        body: projectStatusChangeSchema,
        response: { 200: adminMessageSchema, 404: errorResponseSchema, ...refusals },
      },
    },
    async (request) => projects.changeStatus(actorOf(request), knownProject(request.params.id), request.body),
  );
}
