import { z } from 'zod';
import { messages } from './messages.ts';
import { readNumber } from './numbers.ts';
import { jobTypes } from './search-options.ts';
import { multiLineText } from './text.ts';

export const contractStatuses = ['active', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** §4 Payment status; `refunded` is where a dispute resolved wholly in the employer's favour ends (decision 16). */
export const paymentStatuses = ['not_setup', 'pending', 'escrowed', 'released', 'disputed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * §4 Milestone status; `paid_in_cash` is a cash job's milestone the professional says was paid, awaiting
 * the employer. A dispute settles its milestone as `approved` (all released), `split` (part released,
 * the rest refunded) or `refunded` (all refunded); `cancelled` is a milestone never funded of a
 * contract staff ended (decision 45).
 */
export const milestoneStatuses = [
  'pending',
  'submitted',
  'approved',
  'rejected',
  'paid_in_cash',
  'split',
  'refunded',
  'cancelled',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];
/** The statuses a milestone ends in: nothing more happens to it or its money. */
export const settledMilestoneStatuses = [
  'approved',
  'rejected',
  'split',
  'refunded',
  'cancelled',
] as const satisfies readonly MilestoneStatus[];
export const isSettledMilestone = (status: MilestoneStatus) => (settledMilestoneStatuses as readonly MilestoneStatus[]).includes(status);

/**
 * What a checkout pays for: a featured project, a payment's escrow (the milestones planned before work
 * starts), one milestone added to a running contract, or one week's approved hours.
 */
export const checkoutPurposes = ['featured', 'escrow', 'milestone', 'timesheet'] as const;
export type CheckoutPurpose = (typeof checkoutPurposes)[number];
/** refund_due and refunded: a second charge for something already paid for (a late payment of a cancelled page), returned to the payer. */
export const checkoutStatuses = ['open', 'paid', 'cancelled', 'refund_due', 'refunded'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const disputeStatuses = ['open', 'resolved'] as const;
/** How staff settle what a dispute holds: all to the professional, all back to the employer, or split. */
export const disputeDecisions = ['release', 'refund', 'split'] as const;
export type DisputeDecision = (typeof disputeDecisions)[number];
export const payoutStatuses = ['requested', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** How long an employer has to look at a submitted milestone before it is approved for them. */
export const AUTO_APPROVE_DAYS = 14;
export const AUTO_APPROVE_WARNING_DAYS = 3;
/** Reviews stay hidden until both sides have written theirs, or this many days after completion. */
export const REVIEW_BLIND_DAYS = 14;

/** The server's answers about payments, word for word where the specification gives them (§5, §8). */
export const paymentMessages = {
  budgetExceeded: (total: string, budget: string) => `Total milestone amount (${total}) exceeds job budget (${budget})` as const,
  milestoneAdded: 'Milestone added.',
  milestoneUpdated: 'Milestone updated.',
  milestoneRemoved: 'Milestone removed.',
  notChangeable: 'Only a milestone that is not funded yet can be changed',
  lastMilestone: 'The only remaining milestone cannot be removed',
  alreadyFunded: 'This milestone is already funded',
  notYetFunded: 'Fund the milestones planned first; milestones added later are funded one by one',
  milestoneOnHold: 'This milestone is on hold while its dispute is open',
  nothingHeld: 'Nothing is held in escrow for this milestone, so there is nothing to dispute.',
  nothingHeldOnPayment: 'Nothing is held in escrow for this project, so there is nothing to dispute.',
  noCompleteMilestone: 'Please add at least one complete milestone',
  disputeNeedsText: 'Please provide both reason and description for the dispute.',
  setupDone: 'Payment setup completed successfully!',
  escrowFailed: 'Failed to create escrow. Please try again.',
  disputeCreated: 'Dispute created successfully. Our team will review it.',
  milestoneSubmitted: 'Milestone submitted successfully!',
  milestoneApproved: 'Milestone approved and payment released!',
  jobNotFound: 'Job Not Found',
  paymentNotFound: 'Payment not found',
  milestoneNotFound: 'Milestone not found',
  onlyParties: 'Only the employer and the hired professional can see this payment',
  onlyOwnerSetsUp: 'Only the project owner can set up payment',
  notAssigned: 'Payment can be set up only after a professional is hired',
  alreadySetUp: 'Payment is already set up for this project',
  onlyOwnerFunds: 'Only the project owner can fund escrow',
  notFundable: 'Escrow can be funded only while the payment is pending',
  cashNoEscrow: 'This project is paid in cash in person: there is no escrow to fund.',
  onlyProfessionalSubmits: 'Only the hired professional can submit a milestone',
  notSubmittable: 'Only a pending milestone can be submitted',
  notFunded: 'Escrow must be funded before work on a milestone is submitted',
  milestoneNotInPayment: 'This milestone is not part of this payment',
  onlyOwnerApproves: 'Only the project owner can approve a milestone',
  notApprovable: 'Only a submitted milestone can be approved',
  onlyPartiesDispute: 'Only the employer and the hired professional can open a dispute',
  alreadyDisputed: 'A dispute is already open for this payment',
  onlyOwnerFeatures: 'Only the project owner can feature it',
  notFeaturable: 'Only a project posted with the featured option and not yet featured can be featured',
  checkoutNotFound: 'This checkout does not exist',
  checkoutClosed: 'This checkout is already closed',
  paymentReceived: 'Payment received. Thank you!',
  paymentCancelled: 'Payment cancelled. Nothing was charged.',
  notCashJob: 'Only a cash project’s milestones are marked paid in cash',
  cashMarked: 'Marked as paid in cash. The employer will be asked to confirm.',
  cashConfirmed: 'Cash payment confirmed.',
  notCashConfirmable: 'Only a milestone marked paid in cash can be confirmed',
  resolutionNeedsNote: 'Please write a note explaining the resolution.',
  noOpenDispute: 'There is no open dispute on this payment',
  resolutionOutOfRange: (held: string) => `The amount released must be between 0 and what escrow holds (${held})` as const,
  disputeResolved: 'Dispute resolved.',
  refundUnavailable:
    'The card provider could not be reached to refund the employer. Please resolve the dispute again: it carries out the same decision, and nothing is refunded twice.',
} as const;

const optionalDueDate = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.union([z.number().int().nonnegative(), z.string().trim().max(40)]).nullable(),
);

/** A milestone amount as typed: a number or numeric text (Arabic-Indic digits read), at least 0.01 of the currency. */
const requiredMilestoneAmount = z.preprocess(
  readNumber,
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.validNumber) })
    .refine(Number.isFinite, messages.validNumber)
    .refine((value) => value > 0, messages.min(0)),
);
/** In the setup dialog a row without an amount is simply not kept (§5). */
const milestoneAmount = requiredMilestoneAmount.optional();

/** One row of the milestone setup dialog; rows without title, description and amount are dropped (§5). */
export const milestoneInputSchema = z.object({
  title: z.preprocess((value) => value ?? '', z.string().trim().max(150, messages.maxLength(150))),
  description: z.preprocess((value) => value ?? '', z.string().trim().max(2000, messages.maxLength(2000))),
  amount: milestoneAmount,
  due_date: optionalDueDate.optional(),
});

export const setupPaymentSchema = z.object({
  milestones: z.array(milestoneInputSchema).max(50, messages.max(50)),
});
export type SetupPaymentInput = z.output<typeof setupPaymentSchema>;

/** POST /api/payments/{paymentId}/milestones and PUT /api/milestones/{id}: one milestone, every field but the due date given. */
export const milestoneChangeSchema = milestoneInputSchema.extend({
  title: z.preprocess((value) => value ?? '', z.string().trim().min(1, messages.required).max(150, messages.maxLength(150))),
  description: z.preprocess((value) => value ?? '', z.string().trim().min(1, messages.required).max(2000, messages.maxLength(2000))),
  amount: requiredMilestoneAmount,
});
export type MilestoneChangeInput = z.output<typeof milestoneChangeSchema>;

export const disputeInputSchema = z.object({
  reason: z.preprocess((value) => value ?? '', z.string().trim().max(200, messages.maxLength(200))),
  description: z.preprocess((value) => value ?? '', z.string().trim().max(5000, messages.maxLength(5000))),
  /**
   * The milestone in dispute (one whose payment escrow holds); only its money is frozen. Without it
   * (the specification's call names only the payment), every milestone escrow holds is in dispute.
   */
  milestone_id: z.string().max(64).optional(),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000, messages.maxLength(2000))
  // A web address to open: http(s), a host, no spaces (javascript: and data: links are refused).
  .refine((value) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), messages.invalidFormat);

export const milestoneSubmissionSchema = z.object({
  notes: z.preprocess((value) => value ?? '', multiLineText(5000).or(z.literal(''))),
  deliverable_urls: z.preprocess((value) => value ?? [], z.array(httpUrl).max(20, messages.max(20))),
});

export const milestoneApprovalSchema = z.object({
  notes: z.preprocess((value) => value ?? '', multiLineText(5000).or(z.literal(''))),
});

export const milestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(milestoneStatuses),
  submission_notes: z.string().nullable(),
  deliverable_urls: z.array(z.string()),
  reviewer_notes: z.string().nullable(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** When a submitted milestone is approved for the employer if they do nothing (never while it is on hold). */
  auto_approve_at: z.string().nullable(),
  /** Whether its amount was paid into escrow (cash milestones never are). */
  is_funded: z.boolean(),
  /** Of its amount: what escrow still holds, what was released to the professional (before the fee) and what went back to the employer. */
  held_amount: z.number(),
  released_amount: z.number(),
  refunded_amount: z.number(),
  /** The dispute about it: open while it is on hold, then with Mihna's decision. */
  dispute: z
    .object({
      id: z.string(),
      status: z.enum(disputeStatuses),
      opened_by: z.enum(['employer', 'professional']),
      reason: z.string(),
      opened_at: z.string(),
      decision: z.enum(disputeDecisions).nullable(),
      decision_note: z.string().nullable(),
      resolved_at: z.string().nullable(),
    })
    .nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const paymentStatusSchema = z.object({
  payment_status: z.enum(paymentStatuses),
  payment_id: z.string().nullable(),
  total_amount: z.number(),
  currency: z.string(),
  is_cash: z.boolean(),
  job: z.object({
    id: z.string(),
    title: z.string(),
    status: z.string(),
    job_type: z.enum(jobTypes),
    budget_max: z.number(),
    /** The accepted price of a fixed-price job (the hired proposal's amount), which the milestones may not exceed. */
    agreed_amount: z.number().nullable(),
    /** Whether the contract is still running (milestones can be added). */
    is_running: z.boolean(),
    /** How much more the plan may take before it reaches the accepted price (refunded work counts nothing). */
    room_amount: z.number().nullable(),
  }),
  viewer_role: z.enum(['employer', 'professional']),
  /** The other party of the hire (the professional for the employer, and the reverse), whom the page's Message button writes to. */
  other_party_id: z.string().nullable(),
  /** What is still held in escrow, and what the professional has received (after the service fee). */
  held_amount: z.number(),
  released_amount: z.number(),
  /** What went back to the employer from escrow (disputes settled by refund or split). */
  refunded_amount: z.number(),
  /** Of the milestones planned, what is not paid into escrow yet (added to a running contract, or the plan before funding). */
  unfunded_amount: z.number(),
  /** The latest dispute on this payment: open, or resolved with Mihna's decision. */
  dispute: z
    .object({
      id: z.string(),
      reason: z.string(),
      description: z.string(),
      status: z.enum(disputeStatuses),
      created_at: z.string(),
      opened_by: z.enum(['employer', 'professional']),
      milestone_ids: z.array(z.string()),
      decision: z.enum(disputeDecisions).nullable(),
      decision_note: z.string().nullable(),
      ended_contract: z.boolean(),
      resolved_at: z.string().nullable(),
    })
    .nullable(),
  checkout_url: z.string().nullable(),
  progress: z.object({
    /** How much of the plan is settled (approved, split, refunded or cancelled), as a whole percentage. */
    completion_percentage: z.number(),
    /** Milestones approved: released in full. */
    completed_milestones: z.number(),
    /** Settled by a dispute: part released, the rest refunded; and all refunded. */
    split_milestones: z.number(),
    refunded_milestones: z.number(),
    total_milestones: z.number(),
  }),
  milestones: z.array(milestoneSchema),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusSchema>;

export const checkoutResponseSchema = z.object({ checkout_url: z.string(), checkout_id: z.string() });

export const paymentActionResponseSchema = z.object({ message: z.string() });

const rating = z.preprocess(
  readNumber,
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.validWholeNumber) })
    .int(messages.validWholeNumber)
    .min(1, messages.min(1))
    .max(5, messages.max(5)),
);
const reviewComment = z.preprocess((value) => value ?? '', z.string().trim().max(2000, messages.maxLength(2000)));

/** POST /api/jobs/{jobId}/reviews: the employer rates the work, the professional rates the employer. Which fields apply follows the side. */
export const reviewInputSchema = z.object({
  overall_rating: rating,
  work_quality: rating.optional(),
  communication: rating,
  timeliness: rating.optional(),
  payment_reliability: rating.optional(),
  comment: reviewComment,
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewMessages = {
  notCompleted: 'Reviews open once the job is completed',
  onlyParties: 'Only the employer and the hired professional of this job can review it',
  alreadyReviewed: 'You have already reviewed this job',
  submitted: 'Thank you! Your review will appear once both sides have reviewed, or after 14 days.',
  published: 'Thank you! Both reviews are now published.',
  portfolioUpdated: 'Portfolio updated.',
} as const;

const writtenReviewSchema = z.object({
  overall_rating: z.number(),
  work_quality: z.number().nullable(),
  communication: z.number().nullable(),
  timeliness: z.number().nullable(),
  payment_reliability: z.number().nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  is_released: z.boolean(),
});

/** GET /api/jobs/{jobId}/reviews: what a party of a completed job sees: their review, and the other's once released. */
export const jobReviewsSchema = z.object({
  viewer_role: z.enum(['employer', 'professional']),
  can_review: z.boolean(),
  other_party_name: z.string(),
  mine: writtenReviewSchema.nullable(),
  theirs: writtenReviewSchema.nullable(),
  /** When both are published anyway, if the other side does not write theirs. */
  release_due_at: z.string().nullable(),
});
export type JobReviews = z.infer<typeof jobReviewsSchema>;

/** PUT /api/accomplishments/{jobId}: what the professional's Verified Portfolio tells about one job. */
export const accomplishmentSettingsSchema = z.object({
  show_project_value: z.boolean(),
  show_employer_name: z.boolean(),
});
