import type { MyProposalsResponse, OwnProposal } from '@mihna/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const PAGE_SIZE = 20;

/** The professional's own proposals, newest first, a page at a time. */
export const myProposalsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['jobs', 'my-proposals'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MyProposalsResponse>(apiPaths.myProposals, { query: { skip: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.has_next ? pages.length * PAGE_SIZE : undefined),
  });

export const useMyProposals = () => useInfiniteQuery(myProposalsQuery());

/** Withdrawing changes the proposal, its project's count and the lists that show them. */
export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      apiRequest<{ proposal: OwnProposal; message: string }>(apiPaths.withdrawProposal(proposalId), { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
