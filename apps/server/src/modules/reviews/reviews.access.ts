import { paymentMessages, reviewMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { ReviewsRepository } from './reviews.repository.ts';

/**
 * What can be done with a job's reviews, and who may (lib/access.ts): the ids are the job's, and its
 * contract's two parties read and write them; its professional chooses what their portfolio tells of it.
 * Whether the contract is completed is the methods' to answer (409).
 */
export function createReviewsAccess(repository: Pick<ReviewsRepository, 'contractGrants'>) {
  const onContract = (professionalOnly: boolean) => ({
    refusal: reviewMessages.onlyParties,
    notFound: paymentMessages.jobNotFound,
    grants: (actor: { id: string }, jobIds: readonly string[]) => repository.contractGrants(actor.id, jobIds, professionalOnly),
  });
  return defineAccess({
    'review.read': onContract(false),
    'review.create': onContract(false),
    /** What the professional's Verified Portfolio shows of the job. */
    'accomplishment.update': onContract(true),
  });
}
