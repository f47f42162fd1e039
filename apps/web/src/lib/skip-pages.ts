import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

const PAGE_SIZE = 20;

/** A list the API pages by `skip` and `limit`, answering `has_next`: the next page starts where the pages so far end. */
export const skipPagesQuery = <T extends { has_next: boolean }>(
  queryKey: readonly unknown[],
  path: string,
  /** The list's own filters, sent with every page. */
  filters: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiRequest<T>(path, { query: { ...filters, skip: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage: T, pages: T[]) => (lastPage.has_next ? pages.length * PAGE_SIZE : undefined),
  });
