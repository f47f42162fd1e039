import {
  AUTO_APPROVE_DAYS,
  decimalOf,
  isSettledMilestone,
  type Milestone,
  type MilestoneStatus,
  type PaymentStatusResponse,
} from '@mihna/shared';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import type { LedgerRepository } from './ledger.repository.ts';
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

/**
 * What a plan will really pay: every milestone's amount, but what a split released of it, and nothing of
 * one refunded, rejected or cancelled. The accepted price caps this, so work refunded can be planned again.
 */
export function planCommitment(
  milestones: Pick<MilestoneRow, 'id' | 'status' | 'amountMinor'>[],
  holds: Pick<Hold, 'milestoneId' | 'postedMinor'>[],
): number {
  const released = new Map(holds.map((hold) => [hold.milestoneId, hold.postedMinor]));
  return milestones.reduce((sum, milestone) => {
    if (milestone.status === 'refunded' || milestone.status === 'rejected' || milestone.status === 'cancelled') return sum;
    return sum + (milestone.status === 'split' ? (released.get(milestone.id) ?? 0) : milestone.amountMinor);
  }, 0);
}

/** How a dispute settled a milestone's hold: approved when all of it went to the professional, refunded when none did. */
export function settledStatus(hold: { amountMinor: number }, releasedMinor: number): MilestoneStatus {
  if (releasedMinor === hold.amountMinor) return 'approved';
  return releasedMinor === 0 ? 'refunded' : 'split';
}

/** What a resolved dispute did to one of its milestones: released, refunded or split; nothing for one never funded. */
const decisionFor = (status: MilestoneStatus) =>
  status === 'approved'
    ? ('release' as const)
    : status === 'refunded'
      ? ('refund' as const)
      : status === 'split'
        ? ('split' as const)
        : null;

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
    amount: decimalOf(row.amountMinor, row.currency),
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
    held_amount: decimalOf(hold ? hold.amountMinor - hold.postedMinor - hold.voidedMinor : 0, row.currency),
    released_amount: decimalOf(hold?.postedMinor ?? 0, row.currency),
    refunded_amount: decimalOf(hold?.voidedMinor ?? 0, row.currency),
    dispute: dispute
      ? {
          id: dispute.id,
          status: dispute.status,
          opened_by: openedBy(dispute),
          reason: dispute.reason,
          opened_at: dispute.createdAt.toISOString(),
          // What the decision did to this milestone (a dispute may cover several, and end the contract).
          decision: dispute.status === 'resolved' ? decisionFor(row.status) : null,
          decision_note: dispute.resolutionNote,
          resolved_at: dispute.resolvedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** What a payment's view holds whoever reads it; the payment page adds who is reading. */
export type PaymentView = Omit<PaymentStatusResponse, 'viewer_role' | 'other_party_id' | 'checkout_url'>;

/**
 * Where a job's money stands: the payment's status and total, what escrow holds, released and
 * refunded (from the ledger's holds; cash confirmed counts as released), what is planned and not funded,
 * the latest dispute, the progress and each milestone.
 */
export function paymentView(input: {
  job: JobState;
  contract: ContractRow | undefined;
  payment: PaymentRow | undefined;
  milestones: MilestoneRow[];
  holds: Hold[];
  disputes: DisputeRow[];
}): PaymentView {
  const { job, contract, payment, milestones: rows, holds, disputes } = input;
  const currency = payment?.currency ?? job.currency;
  const sum = (read: (hold: Hold) => number) => holds.reduce((total, hold) => total + read(hold), 0);
  const holdOf = new Map(holds.map((hold) => [hold.milestoneId, hold]));
  const cashReleased = payment?.isCash
    ? rows.filter((row) => row.status === 'approved').reduce((total, row) => total + row.amountMinor, 0)
    : 0;
  const planned = rows.filter((row) => row.status !== 'cancelled');
  const count = (status: MilestoneStatus) => planned.filter((row) => row.status === status).length;
  const settled = planned.filter((row) => isSettledMilestone(row.status)).length;
  const unfunded =
    job.jobType === 'hourly' || payment?.isCash ? [] : planned.filter((row) => !holdOf.has(row.id) && row.status === 'pending');
  const openedBy = (dispute: { openedBy: string }) => (contract && dispute.openedBy === contract.employerId ? 'employer' : 'professional');
  const disputeById = new Map(disputes.map((dispute) => [dispute.id, dispute]));
  const latest = disputes[0];
  return {
    payment_status: payment?.status ?? 'not_setup',
    payment_id: payment?.id ?? null,
    total_amount: payment ? decimalOf(payment.totalMinor, currency) : 0,
    currency,
    is_cash: job.paymentMethod === 'cash',
    job: {
      id: job.id,
      title: job.title,
      status: job.status,
      job_type: job.jobType,
      budget_max: decimalOf(job.budgetMaxMinor, job.currency),
      agreed_amount: contract && contract.jobType === 'fixed' ? decimalOf(contract.agreedAmountMinor, contract.currency) : null,
      room_amount:
        contract && contract.jobType === 'fixed'
          ? decimalOf(Math.max(0, contract.agreedAmountMinor - planCommitment(rows, holds)), contract.currency)
          : null,
      is_running: contract?.status === 'active' && job.status === 'assigned',
    },
    held_amount: decimalOf(
      sum((hold) => hold.amountMinor - hold.postedMinor - hold.voidedMinor),
      currency,
    ),
    released_amount: decimalOf(sum((hold) => hold.postedMinor) + cashReleased, currency),
    refunded_amount: decimalOf(
      sum((hold) => hold.voidedMinor),
      currency,
    ),
    unfunded_amount: decimalOf(
      unfunded.reduce((total, row) => total + row.amountMinor, 0),
      currency,
    ),
    dispute: latest
      ? {
          id: latest.id,
          reason: latest.reason,
          description: latest.description,
          status: latest.status,
          created_at: latest.createdAt.toISOString(),
          opened_by: openedBy(latest),
          milestone_ids: rows.filter((row) => row.disputeId === latest.id).map((row) => row.id),
          decision: latest.decision,
          decision_note: latest.resolutionNote,
          ended_contract: latest.endedContract,
          resolved_at: latest.resolvedAt?.toISOString() ?? null,
        }
      : null,
    progress: {
      completion_percentage: planned.length === 0 ? 0 : Math.round((settled / planned.length) * 100),
      completed_milestones: count('approved'),
      split_milestones: count('split'),
      refunded_milestones: count('refunded'),
      total_milestones: planned.length,
    },
    milestones: rows.map((row) =>
      toMilestone(row, holdOf.get(row.id), row.disputeId ? disputeById.get(row.disputeId) : undefined, openedBy),
    ),
  };
}
