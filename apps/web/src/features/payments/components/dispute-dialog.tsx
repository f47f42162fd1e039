import { paymentMessages } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useOpenDispute } from '../api/payment-actions.ts';

/** §5 Dispute: a reason and a description, both required. */
export function DisputeDialog({
  isOpen,
  onClose,
  jobId,
  paymentId,
  onDone,
}: {
  isOpen: boolean;
  onClose: () => void;
  jobId: string;
  paymentId: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('payments');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const dispute = useOpenDispute(jobId);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      title={t('dispute.title')}
      description={t('dispute.text')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('dispute.submit')}
      isPending={dispute.isPending}
      failure={failure}
      onSubmit={() => {
        if (!reason.trim() || !description.trim()) {
          return setFailure(translate(paymentMessages.disputeNeedsText) ?? paymentMessages.disputeNeedsText);
        }
        dispute.mutate(
          { paymentId, reason: reason.trim(), description: description.trim() },
          {
            onSuccess: () => {
              close();
              onDone(t('dispute.success'));
            },
            onError: (error) => setFailure(serverMessage(error, t('dispute.failed'))),
          },
        );
      }}
    >
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
