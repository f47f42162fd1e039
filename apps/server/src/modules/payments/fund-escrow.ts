import { money, paymentMessages, timeMessages, type CurrencyCode } from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import type { PaidCheckout } from './checkout.service.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { partyName } from '../profiles/index.ts';
import { createPaymentContexts, createPaymentTelling, type PaymentDependencies } from './payment-context.ts';
import { amountParams, paymentLink } from './payment-notices.ts';
import { createPaymentsAccess } from './payments.access.ts';

/** Funding a fixed-price plan laid out before work started: the owner pays the milestones' total into escrow at once. */
export function createEscrowFunding(dependencies: PaymentDependencies) {
  const { repository, ledger, movements, checkouts, jobState, contracts, people, clock } = dependencies;
  const { paymentContext } = createPaymentContexts(dependencies);
  const { tell } = createPaymentTelling(dependencies);
  const access = createPaymentsAccess(repository);

  return {
    /** The owner pays the milestones' total into escrow through the provider's checkout; asking again reuses it. */
    async createEscrow(actor: Actor, paymentId: string) {
      await access.require(actor, 'payment.fund', paymentId);
      const { payment, job } = await paymentContext(paymentId);
      if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
      if (payment.isCash) throw new AppError('conflict', paymentMessages.cashNoEscrow);
      if (payment.status !== 'pending') throw new AppError('conflict', paymentMessages.notFundable);
      return checkouts.open({
        purpose: 'escrow',
        subjectId: payment.id,
        payerId: actor.id,
        amount: money(payment.totalMinor, payment.currency as CurrencyCode),
        description: `Escrow for "${job.title}"`,
        returnPath: paymentLink(job.id),
      });
    },

    /**
     * Applies a paid escrow checkout: the plan is held, one hold per milestone, and the professional
     * told. Refunded instead when the plan changed after the page opened (it was closed then, but a
     * page can still be paid late) or something was funded meanwhile.
     */
    async applyEscrowPaid(checkout: PaidCheckout, tx: Tx) {
      const payment = await repository.lockPayment(checkout.subjectId, tx);
      if (!payment) throw new Error(`checkout ${checkout.id} pays for an unknown payment`);
      const milestones = await repository.lockMilestones(payment.id, tx);
      const isFunded = (await ledger.holdsOfPayments([payment.id], tx)).length > 0;
      const planned = milestones.filter((milestone) => milestone.status === 'pending');
      const currency = payment.currency as CurrencyCode;
      const plannedTotal = money(
        planned.reduce((sum, milestone) => sum + milestone.amountMinor, 0),
        currency,
      );
      if (isFunded || plannedTotal.minor !== checkout.amount.minor || checkout.amount.currency !== currency) return 'refund' as const;
      const now = clock();
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency,
          milestones: planned.map((milestone) => ({ id: milestone.id, amount: money(milestone.amountMinor, currency) })),
          at: now,
        },
        tx,
      );
      if (!isNew) return;
      if (payment.status === 'pending') await repository.setPaymentStatus(payment.id, 'escrowed', now, tx);
      const contract = await contracts.findContract(payment.contractId, tx);
      const job = await jobState.findJob(payment.jobId, tx);
      if (!contract || !job) throw new Error('escrow without a contract or job');
      const parties = await people.partiesOf(contract, tx);
      await tell(
        parties.professional,
        'escrow_funded',
        job,
        { employer_name: partyName(parties.employer), ...amountParams(plannedTotal) },
        tx,
      );
    },
  };
}
