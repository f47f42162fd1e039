import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ContractsRepository } from '../contracts/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { IdentityLookup } from '../identity/index.ts';
import type { JobStateService } from '../jobs/index.ts';
import { createFeeInvoices, createInvoicesRepository, createPaymentReceipts, createReceiptsRepository } from '../invoices/index.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { createReviewsRepository, createReviewsService } from '../reviews/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createPeopleLookup, type UsersRepository } from '../users/index.ts';
import { createCheckoutService } from './checkout.service.ts';
import { createFeaturedService } from './featured.service.ts';
import { createHourlyBilling } from './hourly-billing.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createMoneyMovements } from './money-movements.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentsService } from './payments.service.ts';
import { createPayoutsRepository } from './payouts.repository.ts';
import { createPayoutsService } from './payouts.service.ts';
import { createPayoutMethodsRepository } from './payout-methods.repository.ts';
import { createPayoutMethodsService } from './payout-methods.service.ts';
import { createDataKey } from '../../lib/data-key.ts';
import { createPaymentProvider } from './providers/create-provider.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * The money side wired by hand: provider, ledger, checkouts, payments, featuring, the webhook inbox
 * and reviews. The app builds it once; the demo seed builds it again with its own clock, so the demo's
 * history goes through the very same services.
 */
export function createMoneyServices(dependencies: {
  db: Db;
  config: Config;
  users: UsersRepository;
  jobState: JobStateService;
  contracts: ContractsRepository;
  moderation: ModerationService;
  notifications: NotificationsService;
  /** Sends the employer's receipts (invoices/payment-receipts.ts). */
  delivery: DeliveryService;
  settings: SettingsService;
  /** Ends every session of a user, in the caller's transaction (the auth module's): a payout freeze does. */
  endSessionsOf?: (userId: string, tx: Db) => Promise<void>;
  /** Who verified their national identity (the identity module's lookup), for PAYOUTS_REQUIRE_IDENTITY. */
  identity?: Pick<IdentityLookup, 'isVerified'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { db, config, users, jobState, contracts, moderation, notifications, delivery, settings, endSessionsOf, identity, logger, clock } =
    dependencies;
  const people = createPeopleLookup(users);
  const paymentsRepository = createPaymentsRepository(db);
  const feeInvoices = createFeeInvoices({
    repository: createInvoicesRepository(db),
    seller: { ...config.invoiceSeller, address: settings.addressSql() },
  });
  // Every payment taken into escrow gets its payer's receipt, in the same transaction as the fees' invoices.
  const receipts = createPaymentReceipts({
    repository: createReceiptsRepository(db),
    delivery,
    sellerName: config.invoiceSeller.name,
    publicUrl: config.publicUrl,
  });
  const ledger = createLedgerRepository(db, {
    onWritten: (transactions, tx) => {
      feeInvoices.queue(transactions, tx);
      receipts.queue(transactions, tx);
    },
  });
  const movements = createMoneyMovements(ledger);
  const provider = createPaymentProvider(config);
  const checkouts = createCheckoutService({
    db,
    repository: paymentsRepository,
    provider,
    publicUrl: config.publicUrl,
    siteOrigins: config.siteOrigins,
    returnPathOf: async (checkout) => {
      if (checkout.purpose === 'featured') return `/projects/${checkout.subjectId}`;
      const payment =
        checkout.purpose === 'timesheet' || checkout.purpose === 'milestone'
          ? (await paymentsRepository.findMilestoneWithPayment(checkout.subjectId))?.payment
          : await paymentsRepository.findPayment(checkout.subjectId);
      return payment ? `/projects/${payment.jobId}/payment` : '/dashboard';
    },
    clock,
  });
  const payments = createPaymentsService({
    db,
    repository: paymentsRepository,
    ledger,
    movements,
    checkouts,
    jobState,
    contracts,
    people,
    notifications,
    clock,
  });
  const hourlyBilling = createHourlyBilling({
    repository: paymentsRepository,
    movements,
    checkouts,
    contracts,
    jobState,
    people,
    notifications,
    clock,
  });
  const featured = createFeaturedService({ repository: paymentsRepository, jobState, checkouts, movements, notifications, clock });
  const payoutMethods = createPayoutMethodsService({
    db,
    repository: createPayoutMethodsRepository(db),
    dataKey: createDataKey(config.dataKey),
    delivery,
    people,
    publicUrl: config.publicUrl,
    endSessionsOf,
    clock,
  });
  const payouts = createPayoutsService({
    db,
    repository: createPayoutsRepository(db),
    methods: payoutMethods,
    ledger,
    movements,
    provider,
    people,
    notifications,
    // A professional of a country in PAYOUTS_REQUIRE_IDENTITY is paid out only once their identity is verified.
    needsIdentity: async (professionalId, country) =>
      config.payoutsRequireIdentity.includes(country) && !(await identity?.isVerified(professionalId)),
    logger,
    clock,
  });
  const webhooks = createWebhooksService({
    db,
    repository: paymentsRepository,
    provider,
    movements,
    onPaid: {
      featured: (checkout, tx) => featured.applyFeaturedPaid(checkout, tx),
      escrow: (checkout, tx) => payments.applyEscrowPaid(checkout, tx),
      milestone: (checkout, tx) => payments.applyMilestoneFunded(checkout, tx),
      timesheet: (checkout, tx) => hourlyBilling.applyHoursPaid(checkout, tx),
    },
    onPayout: (event, tx) => payouts.applyPayoutEvent(event, tx),
    logger,
    clock,
  });
  const reviews = createReviewsService({
    db,
    repository: createReviewsRepository(db),
    contracts,
    jobState,
    users,
    people,
    moderation,
    notifications,
    clock,
  });
  return { payments, hourlyBilling, payouts, payoutMethods, featured, checkouts, webhooks, reviews, ledger, provider, paymentsRepository };
}
