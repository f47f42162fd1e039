import type { Milestone } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useAddMilestone, useUpdateMilestone, type MilestoneDraft } from '../api/payment-actions.ts';
import { draftOf, emptyMilestone, MilestoneFields } from './milestone-fields.tsx';

/** Adds a milestone to a running contract, or changes one not funded yet (decision 45). */
export function MilestoneDialog({
  jobId,
  paymentId,
  currency,
  price,
  room,
  milestone,
  onClose,
  onDone,
}: {
  jobId: string;
  paymentId: string;
  currency: string;
  /** The accepted price, formatted: the plan's total may not exceed it. */
  price: string;
  /** How much more the plan may take, formatted. */
  room: string;
  /** The milestone to change; null to add one. */
  milestone: Milestone | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('payments');
  const serverMessage = useServerMessage();
  const add = useAddMilestone(jobId);
  const update = useUpdateMilestone(jobId);
  // Rendered only while open: each opening starts from the milestone as it stands then.
  const [row, setRow] = useState<MilestoneDraft>(() => (milestone ? draftOf(milestone) : emptyMilestone()));
  const [failure, setFailure] = useState<string | null>(null);

  const handlers = {
    onSuccess: () => {
      onClose();
      onDone(t(milestone ? 'milestones.updated' : 'milestones.added'));
    },
    onError: (error: unknown) => setFailure(serverMessage(error, t('milestones.change_failed'))),
  };

  return (
    <FormDialog
      isOpen
      onClose={onClose}
      title={t(milestone ? 'milestones.edit_title' : 'milestones.add_title')}
      description={t(milestone ? 'milestones.edit_text' : 'milestones.add_text', { price, room })}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={add.isPending || update.isPending ? t('setup.saving') : t('milestones.save')}
      isPending={add.isPending || update.isPending}
      failure={failure}
      onSubmit={() => {
        if (milestone) update.mutate({ id: milestone.id, milestone: row }, handlers);
        else add.mutate({ paymentId, milestone: row }, handlers);
      }}
    >
      <MilestoneFields row={row} currency={currency} onChange={(field, value) => setRow((current) => ({ ...current, [field]: value }))} />
    </FormDialog>
  );
}
