import type { ActiveEntry, OwnJobsResponse, TimeEntry } from '@mihna/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const timeKey = ['time'] as const;
const activeKey = [...timeKey, 'active'] as const;
const entriesKey = [...timeKey, 'entries'] as const;

/** The caller's running timer (§7), or null. */
export const useActiveTimer = () =>
  useQuery({
    queryKey: activeKey,
    queryFn: ({ signal }) => apiRequest<{ active_entry: ActiveEntry | null }>(apiPaths.activeTimer, { signal }),
    select: (answer) => answer.active_entry,
  });

/** The hourly projects the professional is hired on and still working: what a timer can run on. */
export const useTrackableJobs = () =>
  useQuery({
    queryKey: ['jobs', 'hired', 'assigned', 'hourly'],
    queryFn: ({ signal }) =>
      apiRequest<OwnJobsResponse>(apiPaths.jobs, { query: { status: 'assigned', job_type: 'hourly', limit: 100 }, signal }),
    select: (answer) => answer.jobs,
  });

/** Entries newest first, a page at a time: the professional's own, or one job's (for either party of its contract), or one week's of it. */
export const useTimeEntries = (jobId?: string, week?: string) =>
  useInfiniteQuery({
    queryKey: [...entriesKey, jobId ?? 'mine', week ?? 'all'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest<{ entries: TimeEntry[]; next_before: string | null }>(apiPaths.timeEntries, {
        query: { before: pageParam, job_id: jobId, week },
        signal,
      }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Starting and stopping read the timer and the entries again, whatever the answer. */
function useTimerAction<T>(action: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => queryClient.invalidateQueries({ queryKey: timeKey }) });
}

export const useStartTimer = () =>
  useTimerAction((input: { job_id: string; description: string }) => apiRequest(apiPaths.startTimer, { body: input }));

export const useStopTimer = () =>
  useTimerAction((input: { id: string; description: string }) =>
    apiRequest(apiPaths.stopTimer(input.id), { method: 'PUT', body: { description: input.description } }),
  );

export const useAddManualEntry = () =>
  useTimerAction((input: { job_id: string; description: string; start_time: string; end_time: string; reason: string }) =>
    apiRequest<{ message: string }>(apiPaths.manualTime, { body: input }),
  );
