import type { ProposalStage, ReceivedProposalsResponse } from '@mihna/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { skipPagesQuery } from '../../../lib/skip-pages.ts';

const applicationsKey = ['jobs', 'applications'] as const;

/** The proposals on all the employer's projects, newest first, of one stage when chosen, a page at a time. */
export const useApplications = (stage: ProposalStage | undefined) =>
  useInfiniteQuery(skipPagesQuery<ReceivedProposalsResponse>([...applicationsKey, stage ?? 'all'], apiPaths.receivedProposals, { stage }));

/** Marks a pending proposal, or declines it; every list of proposals and the figures are read again. */
export function useMarkApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; stage: 'pending' | 'reviewed' | 'shortlisted' | 'rejected' }) =>
      apiRequest<{ message: string }>(apiPaths.proposalStage(input.id), { method: 'PUT', body: { stage: input.stage } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
