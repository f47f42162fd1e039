import { jobMessages, proposalMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { ProposalsRepository } from './proposals.repository.ts';

/**
 * What can be done with proposals, interests and invitations, and who may (lib/access.ts): professionals
 * propose and show interest, the author withdraws, the job's owner reads, accepts, marks and invites.
 * A proposal's author and its job's owner never change, so these hold outside the transactions that
 * then lock the job and check its status.
 */
export function createProposalsAccess(repository: Pick<ProposalsRepository, 'jobOwnerGrants' | 'authorGrants' | 'proposalJobOwnerGrants'>) {
  const jobOwner = (actor: { id: string }, jobIds: readonly string[]) => repository.jobOwnerGrants(actor.id, jobIds);
  const proposalJobOwner = (actor: { id: string }, proposalIds: readonly string[]) =>
    repository.proposalJobOwnerGrants(actor.id, proposalIds);
  return defineAccess({
    /** The job is in the body: its 404 and whether it takes proposals are answered under its lock. */
    'proposal.create': { role: 'professional', refusal: proposalMessages.onlyProfessionals },
    /** The ids are the job's: its proposals and the interests shown in it. */
    'proposal.list': { refusal: proposalMessages.onlyOwnerViews, notFound: jobMessages.notFound, grants: jobOwner },
    'proposal.listReceived': { role: 'employer', refusal: proposalMessages.onlyEmployersReceive },
    'proposal.withdraw': {
      refusal: proposalMessages.onlyAuthorWithdraws,
      notFound: proposalMessages.proposalNotFound,
      grants: (actor, ids) => repository.authorGrants(actor.id, ids),
    },
    'proposal.accept': {
      refusal: proposalMessages.onlyOwnerAccepts,
      notFound: proposalMessages.proposalNotFound,
      grants: proposalJobOwner,
    },
    'proposal.mark': { refusal: proposalMessages.onlyOwnerMarks, notFound: proposalMessages.proposalNotFound, grants: proposalJobOwner },
    'interest.create': { role: 'professional', refusal: proposalMessages.onlyProfessionalsInterest },
    /** To one's own job (the ids are the job's), which must be open: that is checked under its lock, in the same words. */
    'invitation.create': {
      role: 'employer',
      roleRefusal: proposalMessages.onlyEmployersInvite,
      refusal: proposalMessages.inviteOwnOpenJob,
      notFound: jobMessages.notFound,
      grants: jobOwner,
    },
  });
}
