import { AUTO_APPROVE_DAYS, isSettledMilestone, type Milestone, type MilestoneStatus } from '@mihna/shared';
import type { LedgerRepository } from './ledger.repository.ts';
import { decimal } from './payment-notices.ts';
import type { DisputeRow, MilestoneRow, PaymentRow } from './payments.repository.ts';

const DAY = 86_400_000;

type Hold = Awaited<ReturnType<LedgerRepository['holdsOfPayments']>>[number];

/** A milestone is on hold while a dispute about it is open: its resolution settles every milestone it holds. */
export const isOnHold = (milestone: Pick<MilestoneRow, 'disputeId' | 'status'>) =>
  milestone.disputeId !== null && !isSettledMilestone(milestone.status);

/**
 * A fixed-price payment's status from its milestones (decision 45): disputed while a dispute is open;
 * once every milestone is settled, released (anything went to the professional) or refunded (all went
 * back); otherwise in escrow once anything was funded, and awaiting funding before.
 */
export function planStatus(
  milestones: Pick<MilestoneRow, 'status'>[],
  state: { isFunded: boolean; hasOpenDispute: boolean },
): PaymentRow['status'] {
  if (state.hasOpenDispute) return 'disputed';
  if (milestones.length > 0 && milestones.every((milestone) => isSettledMilestone(milestone.status))) {
    return milestones.some((milestone) => milestone.status === 'approved' || milestone.status === 'split') ? 'released' : 'refunded';
  }
  return state.isFunded ? 'escrowed' : 'pending';
}

/** How a dispute settled a milestone's hold: approved when all of it went to the professional, refunded when none did. */
export function settledStatus(hold: { amountMinor: number }, releasedMinor: number): MilestoneStatus {
  if (releasedMinor === hold.amountMinor) return 'approved';
  return releasedMinor === 0 ? 'refunded' : 'split';
}

/** A milestone as both parties see it: its money (from its hold), its review period and its dispute. */
export function toMilestone(
  row: MilestoneRow,
  hold: Hold | undefined,
  dispute: DisputeRow | undefined,
  openedBy: (dispute: DisputeRow) => 'employer' | 'professional',
): Milestone {
  const onHold = isOnHold(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    amount: decimal(row.amountMinor, row.currency),
    currency: row.currency,
    due_date: row.dueDate?.toISOString() ?? null,
    status: row.status,
    submission_notes: row.submissionNotes,
    deliverable_urls: row.deliverableUrls,
    reviewer_notes: row.reviewerNotes,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    auto_approve_at:
      row.status === 'submitted' && row.submittedAt && !onHold
        ? new Date(row.submittedAt.getTime() + AUTO_APPROVE_DAYS * DAY).toISOString()
        : null,
    is_funded: hold !== undefined,
    held_amount: decimal(hold ? hold.amountMinor - hold.postedMinor - hold.voidedMinor : 0, row.currency),
    released_amount: decimal(hold?.postedMinor ?? 0, row.currency),
    refunded_amount: decimal(hold?.voidedMinor ?? 0, row.currency),
    dispute: dispute
      ? {
          id: dispute.id,
          status: dispute.status,
          opened_by: openedBy(dispute),
          reason: dispute.reason,
          opened_at: dispute.createdAt.toISOString(),
          decision: dispute.decision,
          decision_note: dispute.resolutionNote,
          resolved_at: dispute.resolvedAt?.toISOString() ?? null,
        }
      : null,
  };
}
