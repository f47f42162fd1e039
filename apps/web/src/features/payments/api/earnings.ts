import type { Earnings, Payout } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const earningsKey = ['payments', 'earnings'] as const;

export const useEarnings = () =>
  useQuery({ queryKey: earningsKey, queryFn: ({ signal }) => apiRequest<Earnings>(apiPaths.earnings, { signal }) });

export interface PayoutDraft {
  amount: string;
  currency: string;
  iban: string;
  account_holder: string;
}

/** A payout request; the balances, history and payouts are read again whatever the answer. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: PayoutDraft) => apiRequest<{ message: string; payout: Payout }>(apiPaths.payouts, { body: draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}
