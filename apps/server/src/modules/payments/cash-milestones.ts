import { type milestoneSubmissionSchema, paymentMessages } from '@mihna/shared';
import type { z } from 'zod';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { partyName } from '../profiles/index.ts';
import { hourlyPaymentStatus } from './hourly-billing.ts';
import { completionNotices } from './milestone-approvals.ts';
import {
  createPaymentContexts,
  createPaymentTelling,
  type Completion,
  type MilestoneContext,
  type PaymentDependencies,
} from './payment-context.ts';
import { createPaymentsAccess } from './payments.access.ts';
import { amountOf } from './stored-amount.ts';

type SubmissionInput = z.output<typeof milestoneSubmissionSchema>;

/**
 * A cash job's milestones are paid in person: the professional says so, the employer confirms it, and
 * it is recorded off-platform, without fees (the spec's submit and approve of a cash milestone, decision 45).
 */
export function createCashMilestones(dependencies: PaymentDependencies & { completeSettled: Completion }) {
  const { db, repository, movements, people, notifications, completeSettled, clock } = dependencies;
  const { milestoneContext } = createPaymentContexts(dependencies);
  const { tell, tellEmployer } = createPaymentTelling(dependencies);
  const access = createPaymentsAccess(repository);

  /** Cash job: the hired professional says a milestone was paid in person (the spec's submit of a cash milestone means this). */
  async function markPaid(context: MilestoneContext, submission?: SubmissionInput) {
    const { milestone, payment, contract, job } = context;
    if (!payment.isCash) throw new AppError('conflict', paymentMessages.notCashJob);
    await transaction(db, async (tx) => {
      const current = await repository.lockMilestone(milestone.id, tx);
      if (current?.status !== 'pending' && current?.status !== 'submitted') throw new AppError('conflict', paymentMessages.notSubmittable);
      await repository.updateMilestone(
        milestone.id,
        {
          status: 'paid_in_cash',
          submittedAt: current.submittedAt ?? clock(),
          ...(submission ? { submissionNotes: submission.notes || null, deliverableUrls: submission.deliverable_urls } : {}),
        },
        tx,
      );
      await tellEmployer('cash_marked', contract, job, milestone, tx);
    });
    void notifications.dispatchSoon();
    return { message: paymentMessages.cashMarked };
  }

  /**
   * Cash job: the employer confirms the cash changed hands; recorded off-platform, no fee (the spec's
   * approve of a cash milestone). Who may was decided before: by the rule, or by the approval's batch.
   */
  async function confirm(milestoneId: string, notes: string | null) {
    const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
    if (!payment.isCash) throw new AppError('conflict', paymentMessages.notCashJob);
    await transaction(db, async (tx) => {
      await repository.lockPayment(payment.id, tx);
      const current = await repository.lockMilestone(milestone.id, tx);
      if (current?.status !== 'paid_in_cash') throw new AppError('conflict', paymentMessages.notCashConfirmable);
      const now = clock();
      await movements.cashSettled(
        {
          milestoneId: milestone.id,
          paymentId: payment.id,
          jobId: job.id,
          employerId: contract.employerId,
          professionalId: contract.professionalId,
          amount: amountOf(milestone),
          at: now,
        },
        tx,
      );
      await repository.updateMilestone(
        milestone.id,
        { status: 'approved', approvedAt: now, ...(notes ? { reviewerNotes: notes } : {}) },
        tx,
      );
      if (contract.jobType === 'hourly') {
        const locked = await repository.lockPayment(payment.id, tx);
        if (locked)
          await repository.setPaymentStatus(
            payment.id,
            hourlyPaymentStatus(locked, await repository.listMilestones(payment.id, tx)),
            now,
            tx,
          );
      }
      const parties = await people.partiesOf(contract, tx);
      await tell(
        parties.professional,
        'cash_confirmed',
        job,
        { employer_name: partyName(parties.employer), milestone_title: milestone.title },
        tx,
      );
      if ((await completeSettled([{ payment, contract, job }], now, tx)).length > 0)
        await notifications.notifyAll(completionNotices(job, parties), tx);
    });
    void notifications.dispatchSoon();
    return { message: paymentMessages.cashConfirmed };
  }

  return {
    markPaid,
    confirm,

    async markPaidInCash(actor: Actor, milestoneId: string) {
      await access.require(actor, 'milestone.submit', milestoneId);
      return markPaid(await milestoneContext(milestoneId));
    },

    async confirmCashPayment(actor: Actor, milestoneId: string) {
      await access.require(actor, 'milestone.approve', milestoneId);
      return confirm(milestoneId, null);
    },
  };
}

export type CashMilestones = ReturnType<typeof createCashMilestones>;
