import { paymentMessages, type disputeInputSchema } from '@mihna/shared';
import type { z } from 'zod';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { partyName } from '../profiles/index.ts';
import { createPaymentContexts, refuse, type PaymentDependencies } from './payment-context.ts';
import { paymentNotice } from './payment-notices.ts';
import { createPaymentsAccess } from './payments.access.ts';

type DisputeInput = z.output<typeof disputeInputSchema>;

/** Either party disputes a milestone whose money escrow holds; only that milestone is on hold (decision 45). */
export function createDisputeOpening(dependencies: PaymentDependencies) {
  const { db, repository, ledger, people, notifications, clock } = dependencies;
  const { paymentContext } = createPaymentContexts(dependencies);
  const access = createPaymentsAccess(repository);

  return {
    /**
     * Either party disputes a milestone escrow holds money for (or, when none is named, every one it
     * holds money for): those milestones stop until staff resolve it; nothing else does.
     */
    async openDispute(actor: Actor, paymentId: string, input: DisputeInput) {
      // What the dispute says is asked for first, as it always was: before whether the payment is there, or theirs.
      if (!input.reason || !input.description) throw refuse(['description'], paymentMessages.disputeNeedsText);
      await access.require(actor, 'payment.dispute', paymentId);
      const { payment, contract, job } = await paymentContext(paymentId);
      const side = actor.id === contract.employerId ? 'employer' : 'professional';
      if (input.milestone_id !== undefined && !isRowId(input.milestone_id))
        throw refuse(['milestone_id'], paymentMessages.milestoneNotInPayment);
      await transaction(db, async (tx) => {
        const locked = await repository.lockPayment(payment.id, tx);
        if (!locked) throw new AppError('not_found', paymentMessages.paymentNotFound);
        if (await repository.findOpenDispute(payment.id, tx)) throw new AppError('conflict', paymentMessages.alreadyDisputed);
        const milestones = await repository.lockMilestones(payment.id, tx);
        const held = new Set((await ledger.lockPendingHoldsOfPayment(payment.id, tx)).map((hold) => hold.milestoneId));
        let disputed = milestones.filter((milestone) => held.has(milestone.id));
        if (input.milestone_id !== undefined) {
          const chosen = milestones.find((milestone) => milestone.id === input.milestone_id);
          if (!chosen) throw refuse(['milestone_id'], paymentMessages.milestoneNotInPayment);
          if (!held.has(chosen.id)) throw new AppError('conflict', paymentMessages.nothingHeld);
          disputed = [chosen];
        } else if (disputed.length === 0) {
          throw new AppError('conflict', paymentMessages.nothingHeldOnPayment);
        }
        const now = clock();
        const dispute = await repository.insertDispute(
          {
            paymentId: payment.id,
            openedBy: actor.id,
            reason: input.reason,
            description: input.description,
            previousStatus: locked.status,
            createdAt: now,
          },
          tx,
        );
        if (!dispute) throw new AppError('conflict', paymentMessages.alreadyDisputed);
        await repository.setMilestonesDispute(
          disputed.map((milestone) => milestone.id),
          dispute.id,
          tx,
        );
        await repository.setPaymentStatus(payment.id, 'disputed', now, tx);
        const { employer, professional } = await people.partiesOf(contract, tx);
        const [opener, other] = side === 'employer' ? [employer, professional] : [professional, employer];
        await notifications.notify(
          paymentNotice(other, 'dispute_opened', job, {
            party_name: partyName(opener),
            milestone_title: disputed.map((milestone) => milestone.title).join(', '),
          }),
          tx,
        );
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeCreated };
    },
  };
}
