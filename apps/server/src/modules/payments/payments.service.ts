import type { Actor } from '../../lib/access.ts';
import { createAutoApprovals } from './auto-approvals.ts';
import { createCashMilestones } from './cash-milestones.ts';
import { createMilestoneCompletion } from './complete-milestone.ts';
import { createEscrowFunding } from './fund-escrow.ts';
import { createCompletion, createMilestoneApprovals } from './milestone-approvals.ts';
import { createMilestonePlan } from './milestone-plan.ts';
import type { PaymentDependencies } from './payment-context.ts';
import { createPaymentDisputes } from './payment-disputes.ts';
import { createPaymentReading } from './payment-view.ts';

/**
 * A contract's payment, use case by use case (each in its own file, sharing payment-context.ts): reading
 * it, funding its escrow, the milestones' work and approvals (in batches), cash milestones, the plan,
 * disputes and automatic approvals.
 */
export function createPaymentsService(dependencies: PaymentDependencies) {
  const completeSettled = createCompletion(dependencies);
  const approvals = createMilestoneApprovals(dependencies);
  const cash = createCashMilestones({ ...dependencies, completeSettled });

  return {
    ...createPaymentReading(dependencies),
    ...createEscrowFunding(dependencies),
    ...createMilestoneCompletion({ ...dependencies, approvals, cash }),
    markPaidInCash: (actor: Actor, milestoneId: string) => cash.markPaidInCash(actor, milestoneId),
    confirmCashPayment: (actor: Actor, milestoneId: string) => cash.confirmCashPayment(actor, milestoneId),
    // The plan (setting it up, adding, changing, removing and funding milestones) and disputes, each in its own file.
    ...createMilestonePlan({ ...dependencies, completeSettled }),
    ...createPaymentDisputes(dependencies),
    ...createAutoApprovals({ ...dependencies, approvals }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
