import type { JobCard } from '@mihna/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The signed-in employer's projects that can still take an invitation (only open ones can). */
export const useOpenJobs = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['jobs', 'mine'],
    enabled: isEnabled,
    queryFn: ({ signal }) => apiRequest<{ jobs: JobCard[] }>(apiPaths.myJobs, { signal }),
    select: ({ jobs }) => jobs.filter((job) => job.status === 'open'),
  });

export const useInviteToJob = (professionalId: string) =>
  useMutation({
    mutationFn: ({ jobId, message }: { jobId: string; message: string }) =>
      apiRequest<{ success: true; message: string }>(apiPaths.inviteToJob(jobId), {
        body: { professional_id: professionalId, message: message.trim() || undefined },
      }),
  });
