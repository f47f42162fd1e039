import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentStatusKey } from '../../../lib/query-keys.ts';

interface Done {
  message: string;
}

export interface MilestoneDraft {
  title: string;
  description: string;
  amount: string;
  due_date: string;
}

/** Every payment action refreshes the payment, and the job (its status may have moved to completed). */
function usePaymentAction<T>(jobId: string, action: (input: T) => Promise<Done>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentStatusKey(jobId) });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

const milestoneBody = (milestone: MilestoneDraft) => ({
  title: milestone.title,
  description: milestone.description,
  amount: milestone.amount,
  due_date: milestone.due_date ? new Date(`${milestone.due_date}T00:00:00Z`).getTime() : null,
});

export const useSetupPayment = (jobId: string) =>
  usePaymentAction(jobId, (milestones: MilestoneDraft[]) =>
    apiRequest<Done>(apiPaths.setupPayment(jobId), {
      body: {
        milestones: milestones.map(milestoneBody),
      },
    }),
  );

/** A milestone added to a running contract's plan, or one not funded yet changed. */
export const useAddMilestone = (jobId: string) =>
  usePaymentAction(jobId, (input: { paymentId: string; milestone: MilestoneDraft }) =>
    apiRequest<Done>(apiPaths.addMilestone(input.paymentId), { body: milestoneBody(input.milestone) }),
  );

export const useUpdateMilestone = (jobId: string) =>
  usePaymentAction(jobId, (input: { id: string; milestone: MilestoneDraft }) =>
    apiRequest<Done>(apiPaths.milestone(input.id), { method: 'PUT', body: milestoneBody(input.milestone) }),
  );

export const useRemoveMilestone = (jobId: string) =>
  usePaymentAction(jobId, (id: string) => apiRequest<Done>(apiPaths.milestone(id), { method: 'DELETE' }));

export const useSubmitMilestone = (jobId: string) =>
  usePaymentAction(jobId, (input: { id: string; notes: string; deliverable_urls: string[] }) =>
    apiRequest<Done>(apiPaths.submitMilestone(input.id), { body: { notes: input.notes, deliverable_urls: input.deliverable_urls } }),
  );

export const useApproveMilestone = (jobId: string) =>
  usePaymentAction(jobId, (input: { id: string; notes: string }) =>
    apiRequest<Done>(apiPaths.approveMilestone(input.id), { body: { notes: input.notes } }),
  );

export const useMarkPaidInCash = (jobId: string) =>
  usePaymentAction(jobId, (id: string) => apiRequest<Done>(apiPaths.markPaidInCash(id), { method: 'POST' }));

export const useConfirmCashPayment = (jobId: string) =>
  usePaymentAction(jobId, (id: string) => apiRequest<Done>(apiPaths.confirmCashPayment(id), { method: 'POST' }));

export const useOpenDispute = (jobId: string) =>
  usePaymentAction(jobId, (input: { paymentId: string; milestoneId: string; reason: string; description: string }) =>
    apiRequest<Done>(apiPaths.dispute(input.paymentId), {
      body: { reason: input.reason, description: input.description, milestone_id: input.milestoneId },
    }),
  );

/** Opens (or reopens) the escrow checkout and goes to the provider's page. */
export const useCreateEscrow = () =>
  useMutation({
    mutationFn: (paymentId: string) => apiRequest<{ checkout_url: string }>(apiPaths.createEscrow(paymentId), { method: 'POST' }),
  });

/** Opens (or reopens) the checkout of a milestone added to a running contract. */
export const useFundMilestone = () =>
  useMutation({
    mutationFn: (milestoneId: string) => apiRequest<{ checkout_url: string }>(apiPaths.fundMilestone(milestoneId), { method: 'POST' }),
  });
