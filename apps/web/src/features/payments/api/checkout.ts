import type { CheckoutPurpose, CheckoutStatus } from '@mihna/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface CheckoutView {
  id: string;
  purpose: CheckoutPurpose;
  status: CheckoutStatus;
  amount: number;
  currency: string;
  description: string;
  return_path: string;
}

/** A checkout the payer came back from; while the provider's confirmation is on its way it is re-read. */
export const useCheckout = (checkoutId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['payments', 'checkout', checkoutId],
      queryFn: ({ signal }) => apiRequest<CheckoutView>(apiPaths.checkout(checkoutId), { signal }),
      refetchInterval: (query) => (query.state.data?.status === 'open' ? 2000 : false),
      retry: false,
    }),
  );
