import type { PaymentReceiptsResponse } from '@mihna/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The caller's receipts for the payments they made, newest first, 50 a page; of one project when `jobId` is given. */
export const useReceipts = (jobId?: string) =>
  useInfiniteQuery({
    queryKey: ['receipts', jobId ?? 'all'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PaymentReceiptsResponse>(apiPaths.receipts, { query: { before: pageParam, job_id: jobId }, signal }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
