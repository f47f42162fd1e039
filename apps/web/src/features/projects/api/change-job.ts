import type { JobChanged, JobCreation } from '@mihna/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { jobQueryKey } from './get-job.ts';

/** After an edit, a close or a reopen the project, the employer's list and every search are stale. */
function useJobChange<T>(jobId: string, change: (input: T) => Promise<JobChanged>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (changed) => {
      queryClient.setQueryData(jobQueryKey(jobId), changed.job);
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

export const useUpdateJob = (jobId: string) =>
  useJobChange(jobId, (input: JobCreation) => apiRequest<JobChanged>(apiPaths.job(jobId), { method: 'PUT', body: input }));

export const useCloseJob = (jobId: string) =>
  useJobChange(jobId, () => apiRequest<JobChanged>(apiPaths.closeJob(jobId), { method: 'PUT' }));

export const useReopenJob = (jobId: string) =>
  useJobChange(jobId, () => apiRequest<JobChanged>(apiPaths.reopenJob(jobId), { method: 'PUT' }));
