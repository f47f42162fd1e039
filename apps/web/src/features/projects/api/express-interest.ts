import type { ExpressInterestInput } from '@mihna/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { jobQueryKey } from './get-job.ts';

/** The specification sends this fixed duration with every expression of interest. */
export const ESTIMATED_DURATION = '4-6 weeks';

export function useExpressInterest(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpressInterestInput) =>
      apiRequest<{ success: true; message: string }>(apiPaths.expressInterest(jobId), {
        body: { ...input, estimated_duration: ESTIMATED_DURATION },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(jobId) }),
  });
}
