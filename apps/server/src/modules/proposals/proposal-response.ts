import type { Proposal } from '@mihna/shared';
import { mediaPath } from '../media/media.routes.ts';
import type { Person, ProposalRow } from './proposals.repository.ts';

/** The API shape of a proposal and its worker; the rate is stored in US cents and answered in dollars. */
export function toProposal(row: ProposalRow, worker: Person): Proposal {
  return {
    id: row.id,
    job_id: row.jobId,
    proposal_text: row.proposalText,
    proposed_rate: row.proposedRateCents / 100,
    estimated_hours: row.estimatedHours,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    worker: {
      id: worker.id,
      first_name: worker.firstName,
      last_name: worker.lastName,
      total_rating: worker.totalRating,
      total_reviews: worker.totalReviews,
      bio: worker.bio,
      skills: worker.skills,
      profile_picture: worker.profilePictureId ? mediaPath(worker.profilePictureId) : null,
    },
  };
}
