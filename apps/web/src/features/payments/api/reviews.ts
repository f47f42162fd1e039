import type { JobReviews } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const reviewsKey = (jobId: string) => ['payments', 'reviews', jobId] as const;

export const useJobReviews = (jobId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: reviewsKey(jobId),
    queryFn: ({ signal }) => apiRequest<JobReviews>(apiPaths.jobReviews(jobId), { signal }),
    enabled: isEnabled,
  });

export interface ReviewDraft {
  overall_rating: number;
  communication: number;
  work_quality?: number;
  timeliness?: number;
  payment_reliability?: number;
  comment: string;
}

export function useSubmitReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewDraft) => apiRequest<{ message: string }>(apiPaths.jobReviews(jobId), { body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(jobId) }),
  });
}
