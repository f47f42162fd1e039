import type { JobProposalsResponse, Proposal } from '@mihna/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const jobProposalsQueryKey = (jobId: string) => ['jobs', 'proposals', jobId] as const;

export const jobProposalsQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobProposalsQueryKey(jobId),
    queryFn: ({ signal }) => apiRequest<JobProposalsResponse>(apiPaths.jobProposals(jobId), { signal }),
  });

/** The proposals on a job; asked for only when the reader owns it. */
export const useJobProposals = (jobId: string, isOwner: boolean) => useQuery({ ...jobProposalsQuery(jobId), enabled: isOwner });

export interface AcceptedProposal {
  proposal: Proposal;
  job_status: string;
  message: string;
}

/** Accepting a proposal changes the job too, so both are loaded again afterwards. */
export function useAcceptProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) => apiRequest<AcceptedProposal>(apiPaths.acceptProposal(proposalId), { method: 'PUT' }),
    // The project, its proposals (the others are now not selected) and the employer's list all changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
