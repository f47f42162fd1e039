import type { PaymentStatusResponse } from '@mihna/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const paymentStatusKey = (jobId: string) => ['payments', 'status', jobId] as const;

export const paymentStatusQuery = (jobId: string) =>
  queryOptions({
    queryKey: paymentStatusKey(jobId),
    queryFn: ({ signal }) => apiRequest<PaymentStatusResponse>(apiPaths.paymentStatus(jobId), { signal }),
    retry: false,
  });

export const usePaymentStatus = (jobId: string) => useQuery(paymentStatusQuery(jobId));
