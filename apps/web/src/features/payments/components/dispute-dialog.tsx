import { paymentMessages } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
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
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={t('dispute.title')}
      description={t('dispute.text')}
      closeLabel={t('close')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
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
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={dispute.isPending}>
            {t('dispute.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
