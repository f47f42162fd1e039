import { FEATURED_DAYS, featuredFee, formatMoney, money, paymentMessages, type CurrencyCode } from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import type { PaidCheckout } from './checkout.service.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isTakingProposals, type JobStateService } from '../jobs/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { MoneyMovements } from './money-movements.ts';
import { createPaymentsAccess } from './payments.access.ts';
import type { PaymentsRepository } from './payments.repository.ts';

const DAY = 86_400_000;

/** Paid featuring: the fee computed at posting, charged through a checkout, then 7 days at the top of search. */
export function createFeaturedService(dependencies: {
  repository: PaymentsRepository;
  jobState: JobStateService;
  checkouts: CheckoutService;
  movements: MoneyMovements;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { repository, jobState, checkouts, movements, notifications, clock } = dependencies;
  const access = createPaymentsAccess(repository);

  return {
    async createFeaturedCheckout(actor: Actor, jobId: string) {
      await access.require(actor, 'featured.pay', jobId);
      const job = await jobState.findJob(jobId);
      if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
      const isFeatured = job.featuredUntil !== null && job.featuredUntil > clock();
      if (!job.featuredRequested || isFeatured || !isTakingProposals(job)) throw new AppError('conflict', paymentMessages.notFeaturable);
      const currency = job.currency as CurrencyCode;
      const fee = featuredFee(money(job.budgetMinMinor, currency), money(job.budgetMaxMinor, currency));
      return checkouts.open({
        purpose: 'featured',
        subjectId: job.id,
        payerId: actor.id,
        amount: fee,
        description: `Featured project for ${FEATURED_DAYS} days: "${job.title}" (${formatMoney(fee)})`,
        returnPath: `/projects/${job.id}`,
      });
    },

    /** The fee was paid: the job is featured from now for FEATURED_DAYS, and the fee is featured income. */
    async applyFeaturedPaid(checkout: PaidCheckout, tx: Tx) {
      const job = await jobState.lockJob(checkout.subjectId, tx);
      if (!job) throw new Error(`checkout ${checkout.id} features an unknown job`);
      const now = clock();
      const isNew = await movements.featuredFeePaid({ checkoutId: checkout.id, jobId: job.id, amount: checkout.amount, at: now }, tx);
      if (!isNew) return;
      const until = new Date(Math.max(now.getTime(), job.featuredUntil?.getTime() ?? 0) + FEATURED_DAYS * DAY);
      await jobState.featureJob(job.id, until, now, tx);
      await notifications.notify(
        {
          userId: job.employerId,
          kind: 'featured_active',
          link: `/projects/${job.id}`,
          params: { job_title: job.title, job_id: job.id, date: until.toISOString().slice(0, 10) },
        },
        tx,
      );
    },
  };
}

export type FeaturedService = ReturnType<typeof createFeaturedService>;
