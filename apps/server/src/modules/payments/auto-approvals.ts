import { AUTO_APPROVE_DAYS, AUTO_APPROVE_WARNING_DAYS } from '@mihna/shared';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MilestoneApprovals } from './milestone-approvals.ts';
import { createPaymentContexts, createPaymentTelling, type PaymentDependencies } from './payment-context.ts';
import { isOnHold } from './payment-state.ts';

const DAY = 86_400_000;

/** A submitted milestone its employer leaves unreviewed is approved for them once its review period runs out. */
export function createAutoApprovals(dependencies: PaymentDependencies & { approvals: MilestoneApprovals }) {
  const { db, repository, people, notifications, approvals, clock } = dependencies;
  const { milestoneContext } = createPaymentContexts(dependencies);
  const { tell } = createPaymentTelling(dependencies);

  return {
    /**
     * Approves, for their employers, the milestones submitted AUTO_APPROVE_DAYS ago or more, and warns
     * both sides AUTO_APPROVE_WARNING_DAYS before. Milestones on hold in a dispute wait. Returns how many of each.
     */
    async runAutoApprovals(limit = 100) {
      const now = clock();
      let warned = 0;
      let approved = 0;
      const warnBefore = new Date(now.getTime() - (AUTO_APPROVE_DAYS - AUTO_APPROVE_WARNING_DAYS) * DAY);
      for (const { id } of await repository.listUnwarnedSubmittedBefore(warnBefore, limit)) {
        const context = await milestoneContext(id);
        await transaction(db, async (tx) => {
          const milestone = await repository.lockMilestone(id, tx);
          if (milestone?.status !== 'submitted' || milestone.autoApprovalWarnedAt || !milestone.submittedAt || isOnHold(milestone)) return;
          await repository.updateMilestone(id, { autoApprovalWarnedAt: now }, tx);
          const date = new Date(milestone.submittedAt.getTime() + AUTO_APPROVE_DAYS * DAY).toISOString().slice(0, 10);
          const parties = await people.partiesOf(context.contract, tx);
          for (const party of [parties.employer, parties.professional]) {
            await tell(party, 'milestone_auto_approve_soon', context.job, { milestone_title: milestone.title, date }, tx);
          }
          warned += 1;
        });
      }
      const approveBefore = new Date(now.getTime() - AUTO_APPROVE_DAYS * DAY);
      const due = await repository.listSubmittedBefore(approveBefore, limit);
      const outcomes = await Promise.allSettled(due.map(({ id }) => approvals.approve({ milestoneId: id, by: 'automatic', notes: null })));
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') approved += 1;
        // Approved, put on hold by a dispute or paid in cash in the meantime: nothing to do for this one.
        else if (!(outcome.reason instanceof AppError)) throw outcome.reason;
      }
      if (warned + approved > 0) void notifications.dispatchSoon();
      return { warned, approved };
    },
  };
}
