import { money, paymentMessages, sumMoney, type CurrencyCode, type SetupPaymentInput } from '@mihna/shared';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuse, type PaymentDependencies } from './payment-context.ts';
import { planCommitment } from './payment-state.ts';
import { createPaymentsAccess } from './payments.access.ts';
import { readMilestone, type PlanRules } from './plan-rules.ts';

/** Laying out a fixed-price contract's milestones (§5), or laying them out again while nothing is funded. */
export function createPaymentSetup(dependencies: PaymentDependencies & { rules: PlanRules }) {
  const { db, repository, ledger, notifications, rules, clock } = dependencies;
  const access = createPaymentsAccess(repository);

  return {
    /**
     * POST /jobs/{jobId}/setup-payment: the owner lays out the milestones (§5), or lays them out again
     * while nothing is funded (the plan is replaced, and a checkout opened for the old total closed).
     */
    async setupPayment(actor: Actor, jobId: string, input: SetupPaymentInput) {
      const complete = input.milestones
        .map((milestone, index) => ({ milestone, index }))
        .filter(({ milestone }) => milestone.title !== '' && milestone.description !== '' && milestone.amount !== undefined);
      await access.require(actor, 'payment.setup', jobId);
      await transaction(db, async (tx) => {
        const existing = await repository.findPaymentByJob(jobId, tx);
        const owned = await rules.ownContract(jobId, tx, existing?.id);
        const { job, contract } = owned;
        let payment = owned.payment;
        if (complete.length === 0) throw refuse(['milestones'], paymentMessages.noCompleteMilestone);
        const currency = contract.currency as CurrencyCode;
        const planned = complete.map(({ milestone, index }) => readMilestone(milestone, currency, ['milestones', index]));
        const old = payment ? await repository.lockMilestones(payment.id, tx) : [];
        const holds = payment ? await ledger.holdsOfPayments([payment.id], tx) : [];
        const total = sumMoney(
          planned.map((milestone) => milestone.amount),
          currency,
        );
        rules.checkTotal(contract, { before: money(planCommitment(old, holds), currency), after: total }, ['milestones']);
        const now = clock();
        let firstPosition = 0;
        if (payment) {
          if (holds.length > 0 || old.some((milestone) => milestone.status !== 'pending'))
            throw new AppError('conflict', paymentMessages.alreadySetUp);
          await repository.deleteMilestones(
            old.map((milestone) => milestone.id),
            tx,
          );
          // New rows take new positions: the unique position index is checked row by row.
          firstPosition = Math.max(-1, ...old.map((milestone) => milestone.position)) + 1;
        } else {
          payment = await repository.insertPayment(
            {
              contractId: contract.id,
              jobId: job.id,
              status: 'pending',
              totalMinor: total.minor,
              currency,
              isCash: contract.paymentMethod === 'cash',
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          if (!payment) throw new AppError('conflict', paymentMessages.alreadySetUp);
        }
        await repository.insertMilestones(
          planned.map((milestone, index) => ({ paymentId: payment.id, position: firstPosition + index, ...milestone })),
          tx,
        );
        await rules.planChanged(payment, null, now, tx);
        await rules.tellProfessional(contract, job, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.setupDone };
    },
  };
}
