import {
  type IdentityVerified,
  money,
  toDecimal,
  type CurrencyCode,
  type JobType,
  type InterestDetails,
  type OwnProposal,
  type Proposal,
  type ProposalStage,
} from '@mihna/shared';
import type { jobInterests } from './proposals.schema.ts';
import { mediaPath } from '../media/index.ts';
import { maskContactDetails } from '../moderation/index.ts';
import type { Person, ProposalRow } from './proposals.repository.ts';

export type InterestRow = typeof jobInterests.$inferSelect;

/**
 * Who reads a text one party sent the other before hiring: its author, or the other party, who sees
 * contact details only once a contract between the two is funded (decision 42).
 */
export type Reader = 'author' | 'other' | 'other-funded';

/** The texts as `reader` may read them, and whether anything was hidden from them. */
function readable<T extends Record<string, string | null>>(texts: T, reader: Reader): { texts: T; isMasked: boolean } {
  if (reader !== 'other') return { texts, isMasked: false };
  let isMasked = false;
  const shown: Record<string, string | null> = {};
  for (const [name, text] of Object.entries(texts)) {
    const masked = text === null ? null : maskContactDetails(text);
    isMasked ||= (masked?.kinds.length ?? 0) > 0;
    shown[name] = masked?.text ?? null;
  }
  return { texts: shown as T, isMasked };
}

/** A note (an invitation's, an interest's) as the other party reads it. */
export const readableNote = (note: string, reader: Reader) => readable({ note }, reader).texts.note;

/** A proposal as its author reads it; the amount is stored in minor units and answered as a decimal. */
export function toOwnProposal(row: ProposalRow, jobType: JobType): OwnProposal {
  return {
    id: row.id,
    job_id: row.jobId,
    proposal_text: row.proposalText,
    proposed_rate: toDecimal(money(row.proposedAmountMinor, row.currency as CurrencyCode)),
    currency: row.currency,
    job_type: jobType,
    estimated_hours: row.estimatedHours,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

const currencyOf = (row: InterestRow) => (row.currency ?? 'AED') as CurrencyCode;

export function toInterestDetails(row: InterestRow, jobType: JobType, reader: Reader): InterestDetails {
  const { texts, isMasked } = readable({ message: row.message, estimated_duration: row.estimatedDuration }, reader);
  return {
    message: texts.message,
    proposed_rate: row.proposedAmountMinor === null ? null : toDecimal(money(row.proposedAmountMinor, currencyOf(row))),
    currency: currencyOf(row),
    job_type: jobType,
    availability_start: row.availabilityStart,
    estimated_duration: texts.estimated_duration,
    is_masked: isMasked,
    created_at: row.createdAt.toISOString(),
  };
}

/** How the reader sees a proposal (contact details hidden or not), and the author's identity badge. */
export interface ProposalView {
  reader: Reader;
  identity: IdentityVerified;
}

/** What a proposal or an interest shows of the professional behind it. */
export function toWorker(worker: Person, identity: IdentityVerified): Proposal['worker'] {
  return {
    id: worker.id,
    first_name: worker.firstName,
    last_name: worker.lastName,
    total_rating: worker.totalRating,
    total_reviews: worker.totalReviews,
    bio: worker.bio,
    skills: worker.skills,
    profile_picture: worker.profilePictureId ? mediaPath(worker.profilePictureId) : null,
    identity_verified: identity,
  };
}

/** Where a proposal stands for its project's owner (§2 Applications). */
export function stageOf(row: Pick<ProposalRow, 'status' | 'reviewStage'>): ProposalStage {
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'not_selected') return 'rejected';
  return row.reviewStage ?? 'pending';
}

/** The API shape of a proposal and its worker, as the project's owner reads it (or its author, just sent). */
export function toProposal(row: ProposalRow, jobType: JobType, worker: Person, { reader, identity }: ProposalView): Proposal {
  const { texts, isMasked } = readable({ proposal_text: row.proposalText }, reader);
  return {
    ...toOwnProposal(row, jobType),
    proposal_text: texts.proposal_text,
    is_masked: isMasked,
    stage: stageOf(row),
    worker: toWorker(worker, identity),
  };
}
