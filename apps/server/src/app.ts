import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { isOutboxEnabled } from './config.ts';
import type { Database } from './db/client.ts';
import { createApiPathAliases, API_PREFIX } from './plugins/api-paths.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError, declareCommonErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { readPagePaths } from './plugins/first-load.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { checkSignedIn } from './plugins/signed-in.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerFavicon } from './plugins/favicon.ts';
import { productFontFaces } from './plugins/product-fonts.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createDeliveryRepository } from './modules/delivery/delivery.repository.ts';
import { createDeliveryService } from './modules/delivery/delivery.service.ts';
import { outboxRoutes } from './modules/delivery/outbox.routes.ts';
import { createTransports, type Transport } from './modules/delivery/transports.ts';
import type { Channel } from './modules/delivery/delivery.repository.ts';
import { createNewsletterRepository } from './modules/newsletter/newsletter.repository.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createCodesService } from './modules/auth/codes.service.ts';
import { loginRoutes } from './modules/auth/login.routes.ts';
import { createLoginService } from './modules/auth/login.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { registrationRoutes } from './modules/auth/registration.routes.ts';
import { createRegistrationService } from './modules/auth/registration.service.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createMediaRepository } from './modules/media/media.repository.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { jobsRoutes, searchStatsRoutes } from './modules/jobs/jobs.routes.ts';
import { jobSearchIndexOn } from './modules/jobs/search-thread-link.ts';
import { createJobState } from './modules/jobs/job-state.ts';
import { createContractsRepository } from './modules/contracts/contracts.repository.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProposalsService } from './modules/proposals/proposals.service.ts';
import { proposalsRoutes } from './modules/proposals/proposals.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMoneyServices } from './modules/payments/money-services.ts';
import { payoutsRoutes } from './modules/payments/payouts.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { testGatewayRoutes } from './modules/payments/test-gateway.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { createTimeRepository } from './modules/time/time.repository.ts';
import { timeRoutes } from './modules/time/time.routes.ts';
import { createTimeService } from './modules/time/time.service.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createTimesheetsService } from './modules/time/timesheets.service.ts';
import { createPdfRenderer } from './modules/documents/pdf-renderer.ts';
import { createInvoicesRepository } from './modules/invoices/invoices.repository.ts';
import { createReceiptsRepository } from './modules/invoices/receipts.repository.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import { createLocationService } from './modules/location/location.service.ts';
import { createIpCountry } from './modules/location/ip-country.ts';
import { createPeopleLookup } from './modules/users/people.ts';
import { webhooksRoutes } from './modules/payments/webhooks.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { adminRoutes, type AdminRoute } from './modules/admin/admin.routes.ts';
import { createAdminAuthService } from './modules/admin/admin-auth.service.ts';
import { createAdminsRepository } from './modules/admin/admins.repository.ts';
import { createAdminsService } from './modules/admin/admins.service.ts';
import { createConsoleSettingsService } from './modules/admin/console-settings.service.ts';
import { createFinancialStatsService } from './modules/admin/financial-stats.service.ts';
import { createAdminUsersService } from './modules/admin/admin-users.service.ts';
import { createAdminProjectsService } from './modules/admin/admin-projects.service.ts';
import { createDirectoryIndexes } from './modules/admin/directory-indexes.ts';
import { createAdminTimeService } from './modules/admin/admin-time.service.ts';
import { createAdminDisputesService } from './modules/admin/admin-disputes.service.ts';
import { createAdminReportsService } from './modules/admin/admin-reports.service.ts';
import { createAuditLogService } from './modules/admin/audit-log.service.ts';
import { createMessagingRepository } from './modules/messaging/messaging.repository.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { createMessageHub } from './modules/messaging/messaging-hub.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The built web app; without it the server answers the API only. */
  webRoot?: string;
  /** Replaces the configured e-mail/SMS transports (tests use real local peers through this). */
  transports?: Record<Channel, Transport | undefined>;
  logger?: FastifyServerOptions['logger'];
  clock?: () => Date;
}

// X-Forwarded-For is read from the right: the last `hops` entries were added by our own proxies.
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server, wired by hand, without listening: main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const aliases = createApiPathAliases(readPagePaths(options.webRoot));

  // With a certificate, HTTPS: HTTP/2 for browsers that offer it (a page's many files travel on one
  // connection), HTTP/1.1 for the rest. The server's handlers see the same request and reply either way.
  const tls = config.tls ? { http2: true, https: { allowHTTP1: true, ...config.tls } } : {};
  const app = Fastify({
    ...(tls as object),
    logger: options.logger ?? { level: config.logLevel },
    rewriteUrl: (request) => aliases.rewriteUrl(request),
    bodyLimit: 1024 * 1024,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  aliases.collect(app);
  registerErrorHandling(app);
  declareCommonErrors(app);
  registerJsonBody(app);
  registerSecurityHeaders(app);
  await registerCompression(app);
  await registerOpenApi(app, config.publicUrl);

  const { db } = database;
  const clock = options.clock ?? (() => new Date());
  const rateLimiter = createRateLimiter(db, clock);
  const settings = createSettingsService(createSettingsRepository(db));
  const deliveryRepository = createDeliveryRepository(db);
  const delivery = createDeliveryService({
    repository: deliveryRepository,
    transports: options.transports ?? createTransports(config),
    logger: app.log,
    clock,
  });
  const contact = createContactService({ db, repository: createContactRepository(db), delivery, settings });
  const moderation = createModerationService();
  const media = createMediaRepository(db);
  const auth = createAuthRepository(db);
  const users = createUsersRepository(db);
  const sessions = createSessionsService({ repository: createSessionsRepository(db), clock });
  const codes = createCodesService({ db, repository: auth, delivery, clock });
  const accountServices = { db, auth, users, codes, sessions, delivery };
  const registration = createRegistrationService({ ...accountServices, moderation, rateLimiter, clock });
  const login = createLoginService({ ...accountServices, rateLimiter, clock });
  const passwordReset = createPasswordResetService({ ...accountServices, rateLimiter });
  const usersService = createUsersService({ db, users, media, moderation, rateLimiter });
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    delivery,
    publicUrl: config.publicUrl,
    clock,
  });
  const jobState = createJobState(db);
  const contracts = createContractsRepository(db);
  const proposals = createProposalsService({ db, moderation, notifications, jobState, contracts, clock });
  const money = createMoneyServices({
    db,
    config,
    users,
    jobState,
    contracts,
    moderation,
    notifications,
    delivery,
    settings,
    logger: app.log,
    clock,
  });
  const { payments, payouts, featured, checkouts, webhooks, reviews, provider, paymentsRepository } = money;
  // On PostgreSQL the project search index runs in a thread of its own, reading the database itself (decision 41).
  const searchIndex = jobSearchIndexOn(
    database,
    {},
    {
      onLost: (error) => app.log.error({ err: error }, 'the project search index’s thread stopped: the next search starts another'),
    },
  );
  const jobs = createJobsService({ db, users, moderation, proposals, clock, searchIndex });
  const dashboard = createDashboardService({ repository: createDashboardRepository(db), clock });
  const profiles = createProfilesService({
    db,
    clock,
    employerSpending: (employerId, country) => dashboard.employerSpending(employerId, country),
  });
  const adminDirectories = createDirectoryIndexes(db);
  const pdf = createPdfRenderer();
  const invoices = createInvoicesService({ repository: createInvoicesRepository(db), receipts: createReceiptsRepository(db), pdf });
  const timeRepository = createTimeRepository(db);
  const time = createTimeService({ db, repository: timeRepository, contracts, clock });
  const timesheets = createTimesheetsService({
    db,
    repository: timeRepository,
    contracts,
    jobState,
    billing: money.hourlyBilling,
    people: createPeopleLookup(users),
    notifications,
    pdf,
    clock,
  });

  const messagingRepository = createMessagingRepository(db);
  const messaging = createMessagingService({
    db,
    repository: messagingRepository,
    users,
    moderation,
    notifications,
    delivery,
    rateLimiter,
    publicUrl: config.publicUrl,
    clock,
  });
  const messageHub = createMessageHub({
    database,
    repository: messagingRepository,
    onError: (error) => app.log.error({ err: error }, 'message hub'),
  });

  const adminsRepository = createAdminsRepository(db);
  const adminAuth = createAdminAuthService({ db, auth, repository: adminsRepository, clock });
  const admins = createAdminsService({ db, repository: adminsRepository, clock });
  const adminRouteTable: AdminRoute[] = [];

  await app.register(healthRoutes(database));
  registerFavicon(app, options.webRoot);
  if (provider.name === 'test') {
    await app.register(
      testGatewayRoutes({
        repository: paymentsRepository,
        jobState,
        checkouts,
        webhooks,
        secret: config.testGatewaySecret,
        fontFaces: productFontFaces(options.webRoot),
        clock,
      }),
    );
  }
  const signedIn = checkSignedIn(app, sessions);
  await app.register(mediaRoutes(media));
  await app.register(
    async (api) => {
      await api.register(settingsRoutes(settings));
      await api.register(referenceRoutes());
      await api.register(contactRoutes(contact, rateLimiter));
      await api.register(newsletterRoutes(createNewsletterRepository(db), rateLimiter));
      await api.register(registrationRoutes(registration, rateLimiter));
      await api.register(loginRoutes(login, passwordReset, sessions, rateLimiter));
      await api.register(usersRoutes(signedIn, usersService));
      await api.register(moderationRoutes(moderation, rateLimiter));
      await api.register(notificationsRoutes(signedIn, notifications));
      await api.register(jobsRoutes(signedIn, jobs));
      await api.register(proposalsRoutes(signedIn, proposals));
      await api.register(profilesRoutes(profiles));
      await api.register(paymentsRoutes({ signedIn, payments, featured, checkouts }));
      await api.register(payoutsRoutes(signedIn, payouts));
      await api.register(webhooksRoutes(webhooks));
      await api.register(reviewsRoutes(signedIn, reviews));
      await api.register(timeRoutes(signedIn, time, timesheets, checkouts));
      await api.register(invoicesRoutes(signedIn, invoices));
      await api.register(
        locationRoutes(
          signedIn,
          createLocationService({
            users,
            clock,
            ipCountry: createIpCountry(config.ipGeolocationUrl, (message, error) => app.log.warn({ err: error }, message)),
          }),
        ),
      );
      await api.register(dashboardRoutes(signedIn, dashboard));
      await api.register(messagingRoutes(signedIn, messaging, messageHub));
      await api.register(
        adminRoutes({
          auth: adminAuth,
          admins,
          settings: createConsoleSettingsService({ db, settings, repository: adminsRepository }),
          financialStats: createFinancialStatsService({ db, clock }),
          users: createAdminUsersService({
            db,
            directory: adminDirectories.users,
            users,
            sessions,
            audit: adminsRepository,
            jobState,
            proposals,
            clock,
          }),
          projects: createAdminProjectsService({
            db,
            directory: adminDirectories.projects,
            audit: adminsRepository,
            jobState,
            users,
            notifications,
            payments,
            clock,
          }),
          time: createAdminTimeService({ db, pdf, clock }),
          disputes: createAdminDisputesService({ db, payments, audit: adminsRepository }),
          reports: createAdminReportsService({ db, messaging: messagingRepository, audit: adminsRepository }),
          auditLog: createAuditLogService({ db }),
          directories: adminDirectories,
          rateLimiter,
          table: adminRouteTable,
        }),
        { prefix: '/admin' },
      );
      if (isOutboxEnabled(config)) await api.register(outboxRoutes(deliveryRepository));
      if (config.env !== 'production') await api.register(searchStatsRoutes(jobs));
    },
    { prefix: API_PREFIX },
  );
  await registerSpa(app, options.webRoot, () => settings.looksAsBuilt());

  // Open streams would hold the server open: they end first, and their clients resume elsewhere.
  app.addHook('preClose', async () => messageHub.close());
  app.addHook('onClose', async () => {
    webhooks.stop();
    await delivery.stop();
    await pdf.close();
    await jobs.close();
  });

  return Object.assign(app, {
    services: {
      database,
      admins,
      adminAuth,
      adminRouteTable,
      adminDirectories,
      settings,
      pdf,
      delivery,
      outbox: deliveryRepository,
      rateLimiter,
      media,
      sessions,
      registration,
      users,
      usersService,
      auth,
      notifications,
      messaging,
      messageHub,
      jobs,
      proposals,
      profiles,
      time,
      timesheets,
      ...money,
      jobState,
      contracts,
      moderation,
      config,
    },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
