import { trace } from '@opentelemetry/api';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDataKey } from './lib/data-key.ts';
import { createPasskeysService, createSecondFactorService, createSecurityRepository, securityRoutes } from './modules/security/index.ts';
import { isOutboxEnabled } from './config.ts';
import type { Database } from './db/client.ts';
import { createApiPathAliases, API_PREFIX } from './plugins/api-paths.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError, declareCommonErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestMetrics } from './plugins/metrics.ts';
import { readPagePaths } from './plugins/first-load.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { checkSignedIn } from './plugins/signed-in.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerFavicon } from './plugins/favicon.ts';
import { productFontFaces } from './plugins/product-fonts.ts';
import { contactRoutes, createContactRepository, createContactService } from './modules/contact/index.ts';
import {
  type Channel,
  createDeliveryRepository,
  createDeliveryService,
  createTransports,
  outboxRoutes,
  type Transport,
} from './modules/delivery/index.ts';
import { createNewsletterRepository, newsletterRoutes } from './modules/newsletter/index.ts';
import {
  createAuthRepository,
  createCodesService,
  createLoginService,
  createPasswordResetService,
  createRegistrationService,
  createSessionsRepository,
  createSessionsService,
  loginRoutes,
  registrationRoutes,
  createStepUpService,
  createEmailChangeService,
  sessionsRoutes,
  type SecondFactorCheck,
} from './modules/auth/index.ts';
import {
  createIdentityLookup,
  createIdentityRepository,
  createIdentityService,
  createOidcClients,
  identityRoutes,
  oidcRedirectUri,
} from './modules/identity/index.ts';
import { createModerationService, moderationRoutes } from './modules/moderation/index.ts';
import { createPrivacyRepository, createPrivacyService, privacyRoutes } from './modules/privacy/index.ts';
import { createPeopleLookup, createUsersRepository, createUsersService, DELETED_USER_NAME, usersRoutes } from './modules/users/index.ts';
import { createMediaRepository, mediaRoutes } from './modules/media/index.ts';
import { createJobsService, createJobState, jobSearchIndexOn, jobsRoutes, searchStatsRoutes } from './modules/jobs/index.ts';
import { createContractsRepository } from './modules/contracts/index.ts';
import { createNotificationsRepository, createNotificationsService, notificationsRoutes } from './modules/notifications/index.ts';
import { createProfilesService, profilesRoutes } from './modules/profiles/index.ts';
import { createProposalsService, proposalsRoutes } from './modules/proposals/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createMoneyServices, paymentsRoutes, payoutsRoutes, testGatewayRoutes, webhooksRoutes } from './modules/payments/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { createTimeRepository, createTimeService, createTimesheetsService, timeRoutes } from './modules/time/index.ts';
import { createDashboardRepository, createDashboardService, dashboardRoutes } from './modules/dashboard/index.ts';
import { createPdfRenderer } from './modules/documents/index.ts';
import { createInvoicesRepository, createInvoicesService, createReceiptsRepository, invoicesRoutes } from './modules/invoices/index.ts';
import { createIpCountry, createLocationService, locationRoutes } from './modules/location/index.ts';
import { referenceRoutes } from './modules/reference/index.ts';
import { createSettingsRepository, createSettingsService, settingsRoutes } from './modules/settings/index.ts';
import {
  type AdminRoute,
  adminRoutes,
  createAdminAuthService,
  createAdminDisputesService,
  createAdminProjectsService,
  createAdminReportsService,
  createAdminTasksService,
  createAdminsRepository,
  createAdminsService,
  createAdminTimeService,
  createAdminUsersService,
  createAuditLogService,
  createConsoleSettingsService,
  createDirectoryIndexes,
  createFinancialStatsService,
} from './modules/admin/index.ts';
import { backgroundTasks } from './background-tasks.ts';
import { createTaskQueue } from './tasks/task-queue.ts';
import { createMessageHub, createMessagingRepository, createMessagingService, messagingRoutes } from './modules/messaging/index.ts';

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
  registerRequestMetrics(app);
  // With traces on (telemetry.ts), a request's span carries its request id, as its log lines do.
  app.addHook('onRequest', async (request) => void trace.getActiveSpan()?.setAttribute('mihna.request_id', request.id));
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
  const dataKey = createDataKey(config.dataKey);
  const securityRepository = createSecurityRepository(db);
  const passkeys = createPasskeysService({ repository: securityRepository, relyingParty: config.relyingParty, clock });
  const secondFactor = createSecondFactorService({
    repository: securityRepository,
    dataKey,
    passkeys,
    clock,
  });
  // The marketplace's side of the security module: a user's second factor and passkeys.
  const userSecondFactor: SecondFactorCheck = {
    methods: (userId) => secondFactor.methods({ kind: 'user', id: userId }),
    verify: (userId, code) => secondFactor.verify({ kind: 'user', id: userId }, code),
    passkeyOptions: (userId, purpose, boundTo) => passkeys.assertionOptionsFor(userId, purpose, boundTo),
    verifyPasskey: (userId, purpose, boundTo, answer) => secondFactor.verifyPasskey(userId, purpose, boundTo, answer),
    passkeySignInOptions: () => passkeys.signInOptions(),
    passkeySignIn: (answer) => passkeys.signIn(answer),
  };
  const login = createLoginService({
    ...accountServices,
    rateLimiter,
    clock,
    publicUrl: config.publicUrl,
    secondFactor: userSecondFactor,
  });
  const identityRepository = createIdentityRepository(db);
  const identityLookup = createIdentityLookup(identityRepository);
  const identity = createIdentityService({
    db,
    repository: identityRepository,
    providers: config.identityProviders,
    oidc: createOidcClients(config.identityProviders, { redirectUriOf: (id) => oidcRedirectUri(config.publicUrl, id), clock }),
    dataKey,
    users,
    codes,
    delivery,
    signIn: (user, client) => login.signInProved(user, client),
    publicUrl: config.publicUrl,
    siteOrigins: config.siteOrigins,
    clock,
  });
  const stepUp = createStepUpService({ db, sessions, codes, delivery, secondFactor: userSecondFactor, clock });
  const passwordReset = createPasswordResetService({
    ...accountServices,
    rateLimiter,
    // A reset proves the e-mail's owner: payouts frozen from a new payout method's e-mail thaw.
    afterReset: (userId, tx) => money.payoutMethods.liftFreeze(userId, tx),
  });
  const usersService = createUsersService({ db, users, media, moderation, rateLimiter });
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    delivery,
    publicUrl: config.publicUrl,
    clock,
  });
  const jobState = createJobState(db);
  const contracts = createContractsRepository(db);
  const proposals = createProposalsService({ db, moderation, notifications, jobState, contracts, identity: identityLookup, clock });
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
    endSessionsOf: (userId, tx) => sessions.revokeAllSessions(userId, tx),
    identity: identityLookup,
    logger: app.log,
    clock,
  });
  const { payments, payouts, featured, checkouts, webhooks, reviews, provider, paymentsRepository } = money;
  // On PostgreSQL the project search index runs in a thread of its own, reading the database itself (decision 41).
  // The search indexes are written to a snapshot after a long load and read back on start (search/live-index.ts).
  const searchSnapshots = (name: string) =>
    config.searchSnapshots && {
      ...config.searchSnapshots,
      everyMs: 3_600_000,
      onError: (error: Error) => app.log.warn({ err: error }, `the ${name} search index’s snapshot: it loads from the database instead`),
    };
  const searchIndex = jobSearchIndexOn(
    database,
    { snapshots: searchSnapshots('project') },
    {
      onLost: (error) => app.log.error({ err: error }, 'the project search index’s thread stopped: the next search starts another'),
    },
  );
  const jobs = createJobsService({ db, users, moderation, proposals, clock, searchIndex });
  const dashboard = createDashboardService({ repository: createDashboardRepository(db), clock });
  const profiles = createProfilesService({
    db,
    clock,
    searchSnapshots: searchSnapshots('professional'),
    employerSpending: (employerId, country) => dashboard.employerSpending(employerId, country),
    identity: identityLookup,
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
  const newsletterRepository = createNewsletterRepository(db);
  const privacy = createPrivacyService({
    db,
    repository: createPrivacyRepository(db),
    users: { lockUser: (id, tx) => users.lockUser(id, tx), eraseAccount: (id, erasure, tx) => usersService.eraseAccount(id, erasure, tx) },
    deletedName: DELETED_USER_NAME,
    forget: [
      (person, tx) => identityRepository.removeLinksOf(person.id, tx),
      (person, tx) => securityRepository.removeAllOf(person.id, tx),
      (person, tx) => money.payoutMethods.eraseOf(person.id, `${DELETED_USER_NAME.first} ${DELETED_USER_NAME.last}`, tx),
      (person, tx) => newsletterRepository.removeSubscription(person.email, tx),
    ],
    endSessionsOf: (userId, tx) => sessions.revokeAllSessions(userId, tx),
    jobState,
    proposals,
    notifications,
    // What a user does to their own account is in the console's audit log, under no admin.
    audit: (entry, tx) =>
      adminsRepository.insertAudit(
        {
          adminId: null,
          adminEmail: 'the account holder',
          action: entry.action,
          targetType: 'user',
          targetId: entry.userId,
          before: entry.before,
          after: null,
          ipAddress: entry.ipAddress,
        },
        tx,
      ),
    logger: app.log,
    clock,
  });

  const tasks = createTaskQueue({
    database,
    logger: app.log,
    tasks: backgroundTasks({
      payments,
      timesheets,
      reviews,
      time,
      payouts,
      messaging,
      delivery,
      webhooks,
      privacy,
      prune: [
        () => rateLimiter.pruneExpired(new Date(clock().getTime() - 86_400_000)),
        () => auth.pruneExpired(clock()),
        () => jobs.pruneViews(),
        () => jobs.pruneSearchChanges(),
        () => profiles.pruneSearchChanges(),
        () => adminDirectories.pruneChanges(),
      ],
    }),
  });

  const adminAuth = createAdminAuthService({ db, auth, repository: adminsRepository, secondFactor, clock });
  const admins = createAdminsService({ db, repository: adminsRepository, secondFactor, clock });
  const adminRouteTable: AdminRoute[] = [];

  // Ready once the search indexes have loaded (main.ts starts them), and no longer while shutting down.
  const lifecycle: { isDraining: boolean; searchCaughtUpAt?: number } = { isDraining: false };
  await app.register(
    healthRoutes(database, () => {
      if (lifecycle.isDraining) return 'Not ready: shutting down.';
      const loading = [
        ...(jobs.searchLoad.isLoaded ? [] : ['the project search index']),
        ...(profiles.searchLoad.isLoaded ? [] : ['the professional search index']),
      ];
      return loading.length > 0 ? `Not ready: loading ${loading.join(' and ')}.` : undefined;
    }),
  );
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
      await api.register(newsletterRoutes(newsletterRepository, rateLimiter));
      await api.register(registrationRoutes(registration, rateLimiter));
      await api.register(loginRoutes(login, passwordReset, sessions, rateLimiter, { passkeyRelyingPartyId: config.relyingParty.id }));
      await api.register(usersRoutes(signedIn, usersService, stepUp));
      await api.register(identityRoutes(signedIn, identity, stepUp, rateLimiter, config.publicUrl));
      await api.register(securityRoutes(signedIn, secondFactor, passkeys, stepUp));
      await api.register(privacyRoutes(signedIn, privacy, stepUp, rateLimiter));
      await api.register(
        sessionsRoutes(
          db,
          sessions,
          stepUp,
          passwordReset,
          createEmailChangeService({ ...accountServices, publicUrl: config.publicUrl, clock }),
          rateLimiter,
        ),
      );
      await api.register(moderationRoutes(moderation, rateLimiter));
      await api.register(notificationsRoutes(signedIn, notifications));
      await api.register(jobsRoutes(signedIn, jobs));
      await api.register(proposalsRoutes(signedIn, proposals));
      await api.register(profilesRoutes(profiles));
      await api.register(paymentsRoutes({ signedIn, payments, featured, checkouts }));
      await api.register(payoutsRoutes(signedIn, payouts, money.payoutMethods, stepUp));
      await api.register(webhooksRoutes(webhooks));
      await api.register(reviewsRoutes(signedIn, reviews));
      await api.register(timeRoutes(signedIn, time, timesheets, checkouts));
      await api.register(invoicesRoutes(signedIn, invoices));
      await api.register(
        locationRoutes(
          signedIn,
          createLocationService({
            users: usersService,
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
            accounts: usersService,
            erasure: privacy,
            sessions,
            audit: adminsRepository,
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
          reports: createAdminReportsService({ db, messaging: messagingRepository, reports: messaging, audit: adminsRepository }),
          tasks: createAdminTasksService({ db, tasks, audit: adminsRepository }),
          auditLog: createAuditLogService({ repository: adminsRepository }),
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
    await tasks.stop();
    await delivery.stop();
    await pdf.close();
    await jobs.close();
  });

  return Object.assign(app, {
    services: {
      database,
      clock,
      lifecycle,
      privacy,
      tasks,
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
      stepUp,
      jobState,
      contracts,
      moderation,
      config,
    },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
