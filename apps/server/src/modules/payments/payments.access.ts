import { paymentMessages, payoutMessages, timeMessages, type ServerMessage } from '@mihna/shared';
import { defineAccess, type Actor } from '../../lib/access.ts';
import type { MoneySide, PaymentsRepository } from './payments.repository.ts';

type Grants = Pick<PaymentsRepository, 'jobGrants' | 'paymentGrants' | 'milestoneGrants' | 'checkoutGrants'>;

/**
 * What can be done to a job's money, and who may (lib/access.ts): the job's owner sets up, changes and
 * funds the plan and pays to feature it, the contract's professional hands milestones in and its employer
 * approves them, either side disputes, and a checkout is its payer's. Each refusal is the spec's; an id
 * that names nothing is 404 first.
 *
 * Approving a milestone is checked in its batch (milestone-approvals.ts), against the rows the batch
 * locks, with this rule's refusal: a lookup before it would let approvals overtake each other (decision 53).
 */
export function createPaymentsAccess(repository: Grants) {
  const onJob = (side: 'owner' | 'party', refusal: ServerMessage) => ({
    refusal,
    notFound: paymentMessages.jobNotFound,
    grants: (actor: Actor, ids: readonly string[]) => repository.jobGrants(actor.id, ids, side),
  });
  const onPayment = (side: MoneySide, refusal: ServerMessage) => ({
    refusal,
    notFound: paymentMessages.paymentNotFound,
    grants: (actor: Actor, ids: readonly string[]) => repository.paymentGrants(actor.id, ids, side),
  });
  const onMilestone = (side: MoneySide, refusal: ServerMessage) => ({
    refusal,
    notFound: paymentMessages.milestoneNotFound,
    grants: (actor: Actor, ids: readonly string[]) => repository.milestoneGrants(actor.id, ids, side),
  });
  return defineAccess({
    'payment.read': onJob('party', paymentMessages.onlyParties),
    'payment.setup': onJob('owner', paymentMessages.onlyOwnerSetsUp),
    'featured.pay': onJob('owner', paymentMessages.onlyOwnerFeatures),
    'payment.fund': onPayment('owner', paymentMessages.onlyOwnerFunds),
    'payment.dispute': onPayment('party', paymentMessages.onlyPartiesDispute),
    'milestone.add': onPayment('owner', paymentMessages.onlyOwnerSetsUp),
    'milestone.update': onMilestone('owner', paymentMessages.onlyOwnerSetsUp),
    'milestone.remove': onMilestone('owner', paymentMessages.onlyOwnerSetsUp),
    'milestone.fund': onMilestone('owner', paymentMessages.onlyOwnerFunds),
    // A cash milestone's submit says it was paid in person; its approve confirms the cash (decision 45).
    'milestone.submit': onMilestone('professional', paymentMessages.onlyProfessionalSubmits),
    'milestone.approve': onMilestone('employer', paymentMessages.onlyOwnerApproves),
    'hours.pay': onMilestone('employer', timeMessages.onlyOwnerPays),
    // Someone else's checkout is not found either: what they pay for is not another's to learn.
    'checkout.read': {
      refusal: paymentMessages.checkoutNotFound,
      notFound: paymentMessages.checkoutNotFound,
      grants: (actor, ids) => repository.checkoutGrants(actor.id, ids),
    },
  });
}

export type PaymentsAccess = ReturnType<typeof createPaymentsAccess>;
export type PaymentAction = Parameters<PaymentsAccess['require']>[1];

/** A professional's earnings and payouts are theirs alone: the role is the rule. */
export const payoutsAccess = defineAccess({
  'earnings.read': { role: 'professional', refusal: payoutMessages.onlyProfessionals },
  'payout.request': { role: 'professional', refusal: payoutMessages.onlyProfessionals },
});
