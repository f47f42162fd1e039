import type { OwnJobsResponse } from '@mihna/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const PAGE_SIZE = 20;

/** The employer's own projects in every status, newest first, a page at a time. */
export const myJobsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['jobs', 'mine', 'every-status'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OwnJobsResponse>(apiPaths.myJobs, { query: { skip: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.has_next ? pages.length * PAGE_SIZE : undefined),
  });

export const useMyJobs = () => useInfiniteQuery(myJobsQuery());
