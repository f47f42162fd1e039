import { paymentMessages, type Milestone } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useOpenDispute } from '../api/payment-actions.ts';
import { useMoneyFormat } from './use-money.ts';

/** The milestones a dispute can be about: those whose payment escrow holds (decision 45). */
export const disputableMilestones = (milestones: Milestone[]) => milestones.filter((milestone) => milestone.held_amount > 0);

/**
 * §5 Dispute: the milestone in dispute, a reason and a description, all required. Only that
 * milestone's payment is held while staff review it; the rest of the contract goes on.
 */
export function DisputeDialog({
  onClose,
  jobId,
  paymentId,
  milestones,
  onDone,
}: {
  onClose: () => void;
  jobId: string;
  paymentId: string;
  /** Those escrow holds money for (`disputableMilestones`). */
  milestones: Milestone[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const dispute = useOpenDispute(jobId);
  const [milestoneId, setMilestoneId] = useState(milestones.length === 1 ? (milestones[0]?.id ?? '') : '');
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [milestoneError, setMilestoneError] = useState<string | undefined>();
  return (
    <FormDialog
      isOpen
      onClose={onClose}
      title={t('dispute.title')}
      description={t('dispute.text')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('dispute.submit')}
      isPending={dispute.isPending}
      failure={failure}
      onSubmit={() => {
        setMilestoneError(milestoneId ? undefined : t('dispute.choose_required'));
        if (!milestoneId) return;
        if (!reason.trim() || !description.trim()) {
          return setFailure(translate(paymentMessages.disputeNeedsText) ?? paymentMessages.disputeNeedsText);
        }
        dispute.mutate(
          { paymentId, milestoneId, reason: reason.trim(), description: description.trim() },
          {
            onSuccess: () => {
              onClose();
              onDone(t('dispute.success'));
            },
            onError: (error) => setFailure(serverMessage(error, t('dispute.failed'))),
          },
        );
      }}
    >
      <Field label={t('dispute.milestone')} error={milestoneError}>
        {(props) => (
          <Select {...props} value={milestoneId} onChange={(event) => setMilestoneId(event.target.value)}>
            <option value="">{t('dispute.choose')}</option>
            {milestones.map((milestone) => (
              <option key={milestone.id} value={milestone.id}>
                {`\u2068${milestone.title}\u2069 · ${format.amount(milestone.held_amount, milestone.currency)}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('dispute.reason')}>
        {(props) => <Input {...props} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <Field label={t('dispute.description')}>
        {(props) => (
          <Textarea {...props} rows={4} value={description} maxLength={5000} onChange={(event) => setDescription(event.target.value)} />
        )}
      </Field>
    </FormDialog>
  );
}
