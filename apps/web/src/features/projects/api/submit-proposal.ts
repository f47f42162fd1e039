import type { Proposal, ProposalInput } from '@mihna/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { jobQueryKey } from './get-job.ts';

export function useSubmitProposal(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposalInput) => apiRequest<{ proposal: Proposal; message: string }>(apiPaths.proposals, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(jobId) }),
  });
}
