import type { TimesheetsResponse } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentStatusKey } from '../../../lib/query-keys.ts';
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

/** A week's bill paid in cash: the professional says so, the employer confirms it; the payment and the job are read again. */
function useCashBillAction(jobId: string, path: (milestoneId: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => apiRequest<{ message: string }>(path(milestoneId), { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentStatusKey(jobId) });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

export const useMarkBillPaidInCash = (jobId: string) => useCashBillAction(jobId, apiPaths.markPaidInCash);

export const useConfirmBillPaidInCash = (jobId: string) => useCashBillAction(jobId, apiPaths.confirmCashPayment);
