import { money, paymentMessages, timeMessages, type CurrencyCode } from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import type { PaidCheckout } from './checkout.service.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { partyName } from '../profiles/index.ts';
import type { PaymentDependencies } from './payment-context.ts';
import { amountParams, paymentLink, paymentNotice } from './payment-notices.ts';
import { createPaymentsAccess } from './payments.access.ts';
import type { PlanRules } from './plan-rules.ts';
import { amountOf } from './stored-amount.ts';

/** A milestone added to a running contract after its escrow was funded is paid into escrow on its own. */
export function createMilestoneFunding(dependencies: PaymentDependencies & { rules: PlanRules }) {
  const { repository, ledger, movements, checkouts, jobState, contracts, people, notifications, rules, clock } = dependencies;
  const access = createPaymentsAccess(repository);

  return {
    /** The owner pays a milestone added to a running contract into escrow through the provider's checkout. */
    async fundMilestone(actor: Actor, milestoneId: string) {
      await access.require(actor, 'milestone.fund', milestoneId);
      const found = await repository.findMilestoneWithPayment(milestoneId);
      if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      const { milestone, payment } = found;
      const job = await jobState.findJob(payment.jobId);
      if (!job) throw new Error(`payment ${payment.id} has no job`);
      if (payment.isCash) throw new AppError('conflict', paymentMessages.cashNoEscrow);
      if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
      const funded = new Set((await ledger.holdsOfPayments([payment.id])).map((hold) => hold.milestoneId));
      if (funded.has(milestone.id) || milestone.status !== 'pending') throw new AppError('conflict', paymentMessages.alreadyFunded);
      // The plan laid out before work started is funded together, through create-escrow.
      if (funded.size === 0) throw new AppError('conflict', paymentMessages.notYetFunded);
      return checkouts.open({
        purpose: 'milestone',
        subjectId: milestone.id,
        payerId: actor.id,
        amount: amountOf(milestone),
        description: `Milestone "${milestone.title}" of "${job.title}"`,
        returnPath: paymentLink(job.id),
      });
    },

    /**
     * A milestone's own checkout was paid: its amount is held in escrow. Refunded instead when the
     * milestone changed or went since the page opened (its checkout is closed then, but a page can
     * still be paid late).
     */
    async applyMilestoneFunded(checkout: PaidCheckout, tx: Tx) {
      const found = await repository.findMilestoneWithPayment(checkout.subjectId, tx);
      if (!found) return 'refund' as const;
      const payment = await repository.lockPayment(found.payment.id, tx);
      const milestone = await repository.lockMilestone(found.milestone.id, tx);
      if (!payment || !milestone) return 'refund' as const;
      const funded = await rules.holdsOf(payment.id, tx);
      if (funded.has(milestone.id) || milestone.status !== 'pending' || milestone.amountMinor !== checkout.amount.minor)
        return 'refund' as const;
      const now = clock();
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency: payment.currency as CurrencyCode,
          milestones: [{ id: milestone.id, amount: money(milestone.amountMinor, payment.currency as CurrencyCode) }],
          at: now,
        },
        tx,
      );
      if (!isNew) return;
      const contract = await contracts.findContract(payment.contractId, tx);
      const job = await jobState.findJob(payment.jobId, tx);
      if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
      const parties = await people.partiesOf(contract, tx);
      await notifications.notify(
        paymentNotice(parties.professional, 'escrow_funded', job, {
          employer_name: partyName(parties.employer),
          ...amountParams(amountOf(milestone)),
        }),
        tx,
      );
    },
  };
}
