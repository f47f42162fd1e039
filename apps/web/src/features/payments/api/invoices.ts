import type { TaxInvoicesResponse } from '@mihna/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The caller's tax invoices, newest first, 50 a page. */
export const useInvoices = () =>
  useInfiniteQuery({
    queryKey: ['invoices'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => apiRequest<TaxInvoicesResponse>(apiPaths.invoices, { query: { before: pageParam }, signal }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
