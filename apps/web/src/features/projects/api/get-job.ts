import type { JobDetail } from '@mihna/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const jobQueryKey = (jobId: string) => ['jobs', 'detail', jobId] as const;

export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobQueryKey(jobId),
    queryFn: ({ signal }) => apiRequest<JobDetail>(apiPaths.job(jobId), { signal }),
  });

export const useJob = (jobId: string) => useQuery(jobQuery(jobId));
