import type { JobSearchResponse } from '@mihna/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { JobSearchQuery } from '../lib/search-filters.ts';

/** One page of the project search; the next page continues from the answer's `next_cursor`. */
export const searchJobsQuery = (query: JobSearchQuery) =>
  infiniteQueryOptions({
    queryKey: ['jobs', 'search', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<JobSearchResponse>(apiPaths.searchJobs, { query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

/** While new filters load, the previous results stay on screen. */
export const useSearchJobs = (query: JobSearchQuery) => useInfiniteQuery({ ...searchJobsQuery(query), placeholderData: keepPreviousData });
