import type { Earnings, Payout, PayoutMethod } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const earningsKey = ['payments', 'earnings'] as const;

export const useEarnings = () =>
  useQuery({ queryKey: earningsKey, queryFn: ({ signal }) => apiRequest<Earnings>(apiPaths.earnings, { signal }) });

export interface PayoutDraft {
  amount: string;
  currency: string;
  payout_method_id: string;
}

/** A payout request; the balances, history and payouts are read again whatever the answer. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: () => Promise<{ message: string; payout: Payout }>) => send(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}

export const sendPayout = (draft: PayoutDraft) => apiRequest<{ message: string; payout: Payout }>(apiPaths.payouts, { body: draft });

const methodsKey = ['payments', 'payout-methods'] as const;

export const usePayoutMethods = () =>
  useQuery({
    queryKey: methodsKey,
    queryFn: ({ signal }) => apiRequest<{ payout_methods: PayoutMethod[]; payouts_frozen: boolean }>(apiPaths.payoutMethods, { signal }),
  });

export const sendPayoutMethod = (input: { iban: string; account_holder: string }) =>
  apiRequest<{ message: string; payout_method: PayoutMethod }>(apiPaths.payoutMethods, { body: input });

/** Saving or removing a method reads the list again. */
export function usePayoutMethodChange<T>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: () => Promise<T>) => send(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodsKey }),
  });
}

export const removePayoutMethod = (id: string) => apiRequest<{ message: string }>(apiPaths.payoutMethod(id), { method: 'DELETE' });

/** The link of a new payout method's e-mail. */
export const freezePayouts = (token: string) => apiRequest<{ message: string }>(apiPaths.freezePayouts, { body: { token }, token: null });
