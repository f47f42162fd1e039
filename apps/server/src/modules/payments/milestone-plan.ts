import { createMilestoneFunding } from './fund-milestone.ts';
import type { Completion, PaymentDependencies } from './payment-context.ts';
import { createPlanChanges } from './plan-changes.ts';
import { createPlanRules } from './plan-rules.ts';
import { createPaymentSetup } from './setup-payment.ts';

/**
 * A fixed-price contract's milestone plan (decision 45): laid out by the employer and edited freely
 * until it is funded; later, milestones are added to the running contract, each funded on its own, and
 * one not funded yet can still be changed or taken out. The plan's total never exceeds the price the
 * employer accepted (the hired proposal's amount).
 */
export function createMilestonePlan(dependencies: PaymentDependencies & { completeSettled: Completion }) {
  const rules = createPlanRules(dependencies);
  return {
    ...createPaymentSetup({ ...dependencies, rules }),
    ...createPlanChanges({ ...dependencies, rules }),
    ...createMilestoneFunding({ ...dependencies, rules }),
  };
}

export type MilestonePlan = ReturnType<typeof createMilestonePlan>;
