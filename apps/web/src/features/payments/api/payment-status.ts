import type { PaymentStatusResponse } from '@mihna/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentStatusKey } from '../../../lib/query-keys.ts';

export const paymentStatusQuery = (jobId: string) =>
  queryOptions({
    queryKey: paymentStatusKey(jobId),
    queryFn: ({ signal }) => apiRequest<PaymentStatusResponse>(apiPaths.paymentStatus(jobId), { signal }),
    retry: false,
  });

export const usePaymentStatus = (jobId: string) => useQuery(paymentStatusQuery(jobId));
