import type { TimesheetsResponse } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentStatusKey } from '../../payments/api/payment-status.ts';
import { timeKey } from './time.ts';

const timesheetsKey = (jobId: string) => [...timeKey, 'timesheets', jobId] as const;

/** An hourly job's weekly timesheets, newest first, for either party. */
export const useTimesheets = (jobId: string) =>
  useQuery({
    queryKey: timesheetsKey(jobId),
    queryFn: ({ signal }) => apiRequest<TimesheetsResponse>(apiPaths.timesheets(jobId), { signal }),
  });

/** Every timesheet action reads the time, the payment and the job again. */
function useTimesheetAction<T, R>(jobId: string, action: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: timeKey });
      await queryClient.invalidateQueries({ queryKey: paymentStatusKey(jobId) });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

export const useApproveTimesheet = (jobId: string) =>
  useTimesheetAction(jobId, (input: { week: string; disputes: { entry_id: string; note: string }[] }) =>
    apiRequest<{ message: string }>(apiPaths.approveTimesheet(jobId, input.week), { body: { disputes: input.disputes } }),
  );

export const usePayTimesheet = (jobId: string) =>
  useTimesheetAction(jobId, (week: string) =>
    apiRequest<{ checkout_url: string; checkout_id: string }>(apiPaths.payTimesheet(jobId, week), { method: 'POST' }),
  );

export const useEndContract = (jobId: string) =>
  useTimesheetAction(jobId, () => apiRequest<{ message: string }>(apiPaths.endContract(jobId), { method: 'POST' }));
