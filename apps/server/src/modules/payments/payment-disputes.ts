import { createDisputeOpening } from './open-dispute.ts';
import type { PaymentDependencies } from './payment-context.ts';
import { createDisputeResolution } from './resolve-dispute.ts';

export type { DisputeResolutionRequest } from './resolve-dispute.ts';

/**
 * Disputes about milestones (decision 45). Either party disputes a milestone whose money escrow holds;
 * only that milestone is on hold: the others go on being funded, submitted, approved and approved
 * automatically. Staff settle what the dispute holds (release, refund or split), and the contract goes
 * on unless they also end it, which refunds what escrow still holds for the rest.
 */
export function createPaymentDisputes(dependencies: PaymentDependencies) {
  return { ...createDisputeOpening(dependencies), ...createDisputeResolution(dependencies) };
}

export type PaymentDisputes = ReturnType<typeof createPaymentDisputes>;
