import { type milestoneApprovalSchema, type milestoneSubmissionSchema, paymentMessages } from '@mihna/shared';
import type { z } from 'zod';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { CashMilestones } from './cash-milestones.ts';
import { CashMilestone, type MilestoneApprovals } from './milestone-approvals.ts';
import { createPaymentContexts, createPaymentTelling, type PaymentDependencies } from './payment-context.ts';
import { isOnHold } from './payment-state.ts';
import { createPaymentsAccess } from './payments.access.ts';

type SubmissionInput = z.output<typeof milestoneSubmissionSchema>;
type ApprovalInput = z.output<typeof milestoneApprovalSchema>;

/** A funded milestone's work: the professional hands it in, the owner approves it and its money is released. */
export function createMilestoneCompletion(dependencies: PaymentDependencies & { approvals: MilestoneApprovals; cash: CashMilestones }) {
  const { db, repository, ledger, notifications, approvals, cash, clock } = dependencies;
  const { milestoneContext } = createPaymentContexts(dependencies);
  const { tellEmployer } = createPaymentTelling(dependencies);
  const access = createPaymentsAccess(repository);

  return {
    /**
     * The hired professional hands in a funded milestone for approval. On a cash job the spec's submit
     * means the milestone was paid in cash, which the employer then confirms (decision 45).
     */
    async submitMilestone(actor: Actor, milestoneId: string, input: SubmissionInput) {
      await access.require(actor, 'milestone.submit', milestoneId);
      const context = await milestoneContext(milestoneId);
      const { milestone, payment, contract, job } = context;
      if (payment.isCash) return cash.markPaid(context, input);
      await transaction(db, async (tx) => {
        await repository.lockPayment(payment.id, tx);
        const current = await repository.lockMilestone(milestone.id, tx);
        if (!current) throw new AppError('not_found', paymentMessages.milestoneNotFound);
        if (isOnHold(current)) throw new AppError('conflict', paymentMessages.milestoneOnHold);
        if (current.status !== 'pending' && current.status !== 'rejected') throw new AppError('conflict', paymentMessages.notSubmittable);
        if (!(await ledger.lockPendingHold(current.id, tx))) throw new AppError('conflict', paymentMessages.notFunded);
        await repository.updateMilestone(
          milestone.id,
          {
            status: 'submitted',
            submissionNotes: input.notes || null,
            deliverableUrls: input.deliverable_urls,
            submittedAt: clock(),
            autoApprovalWarnedAt: null,
          },
          tx,
        );
        await tellEmployer('milestone_submitted', contract, job, milestone, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneSubmitted };
    },

    /**
     * The owner approves a submitted milestone, which releases its amount less the 2% service fee. On a
     * cash job the spec's approve confirms the cash was received (no fee).
     *
     * Who may ('milestone.approve') is decided in the batch, against the rows it locks: asking before
     * would let approvals overtake each other on their way to it (decision 53).
     */
    async approveMilestone(actor: Actor, milestoneId: string, input: ApprovalInput) {
      if (!isRowId(milestoneId)) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      // Straight into the batch, in the order approvals arrive; a cash milestone comes back out of it, its employer's.
      try {
        await approvals.approve({ milestoneId, by: actor, notes: input.notes || null });
      } catch (error) {
        if (error instanceof CashMilestone) return cash.confirm(milestoneId, input.notes || null);
        throw error;
      }
      return { message: paymentMessages.milestoneApproved };
    },
  };
}
