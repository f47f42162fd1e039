import {
  accountStatusChangeSchema,
  adminReportConversationSchema,
  adminReportsParamsSchema,
  adminReportsResponseSchema,
  messagingMessages,
  resolveReportRequestSchema,
  adminDisputesResponseSchema,
  auditLogParamsSchema,
  auditLogResponseSchema,
  disputeResolutionSchema,
  adminTimeTrackingParamsSchema,
  adminTimeTrackingResponseSchema,
  timeReportRequestSchema,
  timeReportResponseSchema,
  adminProjectDetailSchema,
  adminProjectsParamsSchema,
  adminProjectsResponseSchema,
  projectStatusChangeSchema,
  adminListSchema,
  adminLoginHistorySchema,
  adminUserDetailsSchema,
  statusOfAction,
  adminLoginResponseSchema,
  adminLoginSchema,
  adminMessageSchema,
  adminMessages,
  adminPermissionsSchema,
  adminUserSchema,
  adminUsersParamsSchema,
  adminUsersResponseSchema,
  changeAdminPasswordSchema,
  createAdminSchema,
  errorResponseSchema,
  financialStatsSchema,
  siteSettingsSchema,
  messages,
  type AdminPermission,
} from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { bearerToken, clientInfo } from '../../plugins/request-identity.ts';
import type { AdminActor, AdminAuthService } from './admin-auth.service.ts';
import type { AdminsService } from './admins.service.ts';
import type { ConsoleSettingsService } from './console-settings.service.ts';
import type { FinancialStatsService } from './financial-stats.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { AdminProjectsService } from './admin-projects.service.ts';
import type { AdminTimeService } from './admin-time.service.ts';
import type { AdminDisputesService } from './admin-disputes.service.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import { attachmentHeaders } from '../messaging/index.ts';
import type { AuditLogService } from './audit-log.service.ts';
import type { DirectoryIndexes } from './directory-indexes.ts';

/**
 * Who may call an admin route, declared once beside it (`config.admin`): anyone ('public': the login),
 * any signed-in admin ('signed_in'), or an admin with the named permission.
 */
export type AdminRule = AdminPermission | 'public' | 'signed_in';

declare module 'fastify' {
  interface FastifyContextConfig {
    admin?: AdminRule;
  }
  interface FastifyRequest {
    adminActor?: AdminActor;
  }
}

/** Every admin route and its rule, as registered: the test that walks them with every role reads this. */
export interface AdminRoute {
  method: string;
  url: string;
  rule: AdminRule;
}

/** The acting admin, whom the guard found before the route ran. */
function actorOf(request: FastifyRequest): AdminActor {
  if (!request.adminActor) throw new Error(`${request.routeOptions.url} ran without its admin guard`);
  return request.adminActor;
}

const security = [{ bearerAuth: [] }];
const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };
const adminId = z.object({ id: z.string().max(64) });
const knownId = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', adminMessages.notFound);
  return id;
};
const knownUser = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', adminMessages.userNotFound);
  return id;
};
const knownProject = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', adminMessages.projectNotFound);
  return id;
};
const knownReport = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', messagingMessages.reportNotFound);
  return id;
};
const knownFile = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', messagingMessages.fileNotFound);
  return id;
};
const knownDispute = (id: string) => {
  if (!isRowId(id)) throw new AppError('not_found', adminMessages.disputeNotFound);
  return id;
};
/** An admin's status given as a platform user's (active, suspended, blocked) is the action that sets it. */
const actionOf = { active: 'reactivate', suspended: 'suspend', blocked: 'block' } as const;
/** A platform user's status change needs its reason (§5), whichever way it is given. */
const reasonRequired = () => new AppError('validation_failed', [{ loc: ['body', 'reason'], msg: messages.required, type: 'missing' }]);

/**
 * Admin spec §7's calls under /api/admin. The guard runs when a request arrives, before its body is
 * read: a call without a live admin session is answered 401 (a platform user's token included), one
 * without the route's permission 403, whatever it carries.
 */
export function adminRoutes(services: {
  auth: AdminAuthService;
  admins: AdminsService;
  settings: ConsoleSettingsService;
  financialStats: FinancialStatsService;
  users: AdminUsersService;
  projects: AdminProjectsService;
  time: AdminTimeService;
  disputes: AdminDisputesService;
  reports: AdminReportsService;
  auditLog: AuditLogService;
  /** The console's directories, loaded when staff first use the console. */
  directories: Pick<DirectoryIndexes, 'warm'>;
  rateLimiter: RateLimiter;
  table: AdminRoute[];
}): FastifyPluginAsyncZod {
  const { auth, admins, settings, financialStats, users, projects, time, disputes, reports, auditLog, directories, rateLimiter, table } =
    services;
  return async (app) => {
    app.addHook('onRoute', (route) => {
      const rule = route.config?.admin;
      if (!rule) throw new Error(`${String(route.method)} ${route.url} declares no admin rule (config.admin)`);
      for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, rule });
    });
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.admin;
      if (!rule || rule === 'public') return;
      request.adminActor = await auth.requireAdmin(bearerToken(request), rule === 'signed_in' ? null : rule, request.ip);
      // The console opens on its dashboard: the directories load meanwhile, before staff open Users or Projects.
      directories.warm();
    });

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

    app.get(
      '/financial-stats',
      {
        config: { admin: 'view_analytics' },
        schema: {
          tags: ['admin'],
          summary: 'Projects, settlement value, featured income and commission from the ledger, with the platform’s figures',
          security,
          response: { 200: financialStatsSchema, ...refusals },
        },
      },
      async (request) => financialStats.stats(actorOf(request)),
    );

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

    app.get(
      '/time-tracking',
      {
        config: { admin: 'view_users' },
        schema: {
          tags: ['admin'],
          summary:
            'Every finished time entry, 20 to a page, by day, project type, status, professional, industry or a word, with the totals',
          security,
          querystring: adminTimeTrackingParamsSchema,
          response: { 200: adminTimeTrackingResponseSchema, ...refusals },
        },
      },
      async (request) => time.list(actorOf(request), request.query),
    );

    app.post(
      '/time-tracking/generate-pdf',
      {
        config: { admin: 'view_users' },
        schema: {
          tags: ['admin'],
          summary: 'The PDF report of the entries the filters match (up to 2,000), as a data link',
          security,
          body: timeReportRequestSchema,
          response: { 200: timeReportResponseSchema, ...refusals },
        },
      },
      async (request) => time.report(actorOf(request), request.body),
    );

    app.get(
      '/disputes',
      {
        config: { admin: 'resolve_disputes' },
        schema: {
          tags: ['admin'],
          summary: 'The open disputes, oldest first, with both parties, their statements, the milestones and the money held',
          security,
          response: { 200: adminDisputesResponseSchema, ...refusals },
        },
      },
      async (request) => disputes.list(actorOf(request)),
    );

    app.post(
      '/disputes/:id/resolve',
      {
        config: { admin: 'resolve_disputes' },
        schema: {
          tags: ['admin'],
          summary:
            'Resolve an open dispute about a milestone: release what escrow holds for it, refund it, or split it, with Mihna’s decision both parties receive; optionally end the contract, refunding what is held for the rest',
          security,
          params: adminId,
          body: disputeResolutionSchema,
          // 503: the provider could not be reached for a refund; resolving again carries out the same decision.
          response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema, ...refusals },
        },
      },
      async (request) => disputes.resolve(actorOf(request), knownDispute(request.params.id), request.body),
    );

    app.get(
      '/reports',
      {
        config: { admin: 'review_reports' },
        schema: {
          tags: ['admin'],
          summary: 'Reported conversations, oldest first: who reported whom, why, and how many messages (never the messages)',
          security,
          querystring: adminReportsParamsSchema,
          response: { 200: adminReportsResponseSchema, ...refusals },
        },
      },
      async (request) => reports.list(actorOf(request), request.query.status),
    );

    app.get(
      '/reports/:id/conversation',
      {
        config: { admin: 'review_reports' },
        schema: {
          tags: ['admin'],
          summary: 'Read the reported conversation (its latest 500 messages); every read is written in the audit log',
          security,
          params: adminId,
          response: { 200: adminReportConversationSchema, 404: errorResponseSchema, ...refusals },
        },
      },
      async (request) => reports.conversation(actorOf(request), knownReport(request.params.id)),
    );

    app.get(
      '/reports/:id/attachments/:attachmentId',
      {
        config: { admin: 'review_reports' },
        schema: {
          tags: ['admin'],
          summary: 'Download a file sent in the reported conversation; every download is written in the audit log',
          security,
          params: z.object({ id: z.string(), attachmentId: z.string() }),
          response: {
            200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The file'),
            404: errorResponseSchema,
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const file = await reports.attachment(actorOf(request), knownReport(request.params.id), knownFile(request.params.attachmentId));
        return reply.headers(attachmentHeaders(file, { isAudited: true })).send(file.bytes);
      },
    );

    app.post(
      '/reports/:id/resolve',
      {
        config: { admin: 'review_reports' },
        schema: {
          tags: ['admin'],
          summary: 'Resolve a report with what staff found and did (kept with the report and in the audit log)',
          security,
          params: adminId,
          body: resolveReportRequestSchema,
          response: { 200: adminMessageSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...refusals },
        },
      },
      async (request) => reports.resolve(actorOf(request), knownReport(request.params.id), request.body.resolution),
    );

    app.get(
      '/audit-log',
      {
        config: { admin: 'view_audit_log' },
        schema: {
          tags: ['admin'],
          summary: 'Every admin action, newest first: who, what, to what, why, before and after, when and from where',
          security,
          querystring: auditLogParamsSchema,
          response: { 200: auditLogResponseSchema, ...refusals },
        },
      },
      async (request) => auditLog.list(actorOf(request), request.query),
    );

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
      async (request) => admins.changePassword(actorOf(request), knownId(request.params.id), request.body.new_password),
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
      async (request) => admins.setPermissions(actorOf(request), knownId(request.params.id), request.body),
    );

    app.get(
      '/interface-settings',
      {
        config: { admin: 'manage_content' },
        schema: {
          tags: ['admin'],
          summary: 'The site’s interface settings, as the console edits them',
          security,
          response: { 200: siteSettingsSchema, ...refusals },
        },
      },
      async (request) => settings.read(actorOf(request)),
    );

    app.put(
      '/interface-settings',
      {
        config: { admin: 'manage_content' },
        schema: {
          tags: ['admin'],
          summary: 'Replace the interface settings; the public site shows them on its next call',
          security,
          body: siteSettingsSchema,
          response: { 200: z.object({ updated: z.boolean() }), ...refusals },
        },
      },
      async (request) => settings.replace(actorOf(request), request.body),
    );
  };
}
