import type { MyProposalsResponse, OwnProposal } from '@mihna/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { skipPagesQuery } from '../../../lib/skip-pages.ts';

/** The professional's own proposals, newest first, a page at a time. */
export const useMyProposals = () => useInfiniteQuery(skipPagesQuery<MyProposalsResponse>(['jobs', 'my-proposals'], apiPaths.myProposals));

/** Withdrawing changes the proposal, its project's count and the lists that show them. */
export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      apiRequest<{ proposal: OwnProposal; message: string }>(apiPaths.withdrawProposal(proposalId), { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
