import { PROFESSIONAL_PAGE_SIZE, type ProfessionalSearchResponse } from '@mihna/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type ProfessionalSearchQuery = Record<string, string | boolean | undefined>;

/** GET /api/search/professionals, 20 at a time; the next page starts where the last one ended. */
export const useSearchProfessionals = (query: ProfessionalSearchQuery) =>
  useInfiniteQuery({
    queryKey: ['professionals', 'search', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ProfessionalSearchResponse>(apiPaths.searchProfessionals, {
        query: { ...query, skip: pageParam, limit: PROFESSIONAL_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: ({ pagination }) => (pagination.has_next ? pagination.skip + pagination.limit : undefined),
    placeholderData: keepPreviousData,
  });
