import { addMoney, isSettledMilestone, money, paymentMessages, type CurrencyCode, type MilestoneChangeInput } from '@mihna/shared';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { completionNotices } from './milestone-approvals.ts';
import type { Completion, PaymentDependencies } from './payment-context.ts';
import { planCommitment } from './payment-state.ts';
import { createPaymentsAccess } from './payments.access.ts';
import { readMilestone, type PlanRules } from './plan-rules.ts';

/**
 * A running contract's plan changes (decision 45): milestones are added, each funded on its own once
 * escrow was funded, and one not funded yet can still be changed or taken out.
 */
export function createPlanChanges(dependencies: PaymentDependencies & { rules: PlanRules; completeSettled: Completion }) {
  const { db, repository, ledger, people, notifications, rules, completeSettled, clock } = dependencies;
  const access = createPaymentsAccess(repository);

  return {
    /** The owner adds a milestone to the running contract's plan; once escrow was funded, it is funded on its own. */
    async addMilestone(actor: Actor, paymentId: string, input: MilestoneChangeInput) {
      await access.require(actor, 'milestone.add', paymentId);
      const found = await repository.findPayment(paymentId);
      if (!found) throw new AppError('not_found', paymentMessages.paymentNotFound);
      await transaction(db, async (tx) => {
        const { job, contract, payment } = await rules.ownContract(found.jobId, tx, found.id);
        if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
        const milestones = await repository.lockMilestones(payment.id, tx);
        const currency = payment.currency as CurrencyCode;
        const added = readMilestone(input, currency, []);
        const before = money(planCommitment(milestones, await ledger.holdsOfPayments([payment.id], tx)), currency);
        rules.checkTotal(contract, { before, after: addMoney(before, added.amount) }, ['amount']);
        const position = Math.max(-1, ...milestones.map((milestone) => milestone.position)) + 1;
        await repository.insertMilestones([{ paymentId: payment.id, position, ...added }], tx);
        await rules.planChanged(payment, null, clock(), tx);
        await rules.tellProfessional(contract, job, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneAdded };
    },

    /** The owner changes a milestone not funded yet. */
    async updateMilestone(actor: Actor, milestoneId: string, input: MilestoneChangeInput) {
      await access.require(actor, 'milestone.update', milestoneId);
      await transaction(db, async (tx) => {
        const { contract, payment, milestones, milestone, holds } = await rules.changeableMilestone(milestoneId, tx);
        const currency = payment.currency as CurrencyCode;
        const changed = readMilestone(input, currency, []);
        const before = money(planCommitment(milestones, holds), currency);
        // Its old amount out of what the plan pays, its new one in.
        const after = money(before.minor - milestone.amountMinor + changed.amount.minor, currency);
        rules.checkTotal(contract, { before, after }, ['amount']);
        await repository.updateMilestone(milestone.id, changed, tx);
        await rules.planChanged(payment, milestone, clock(), tx);
      });
      return { message: paymentMessages.milestoneUpdated };
    },

    /** The owner takes out a milestone not funded yet; the plan keeps at least one (§5). When the rest is settled, the job is done. */
    async removeMilestone(actor: Actor, milestoneId: string) {
      await access.require(actor, 'milestone.remove', milestoneId);
      await transaction(db, async (tx) => {
        const { job, contract, payment, milestones, milestone } = await rules.changeableMilestone(milestoneId, tx);
        if (milestones.filter((row) => row.status !== 'cancelled').length <= 1)
          throw new AppError('conflict', paymentMessages.lastMilestone);
        await repository.deleteMilestones([milestone.id], tx);
        const now = clock();
        await rules.planChanged(payment, milestone, now, tx);
        const rest = milestones.filter((row) => row.id !== milestone.id);
        if (
          rest.every((row) => isSettledMilestone(row.status)) &&
          (await completeSettled([{ payment, contract, job }], now, tx)).length > 0
        ) {
          // Completed as released; refunded instead when a dispute before gave everything back.
          await rules.planChanged(payment, null, now, tx);
          await notifications.notifyAll(completionNotices(job, await people.partiesOf(contract, tx)), tx);
        }
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneRemoved };
    },
  };
}
