import { STATUS_REASON_MAX } from '@mihna/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';

/**
 * Asks for the reason of a status change (admin spec §5: a reason is required; with an empty reason
 * nothing is sent). The person it concerns is shown this reason.
 */
export function ReasonDialog({
  isOpen,
  title,
  hint,
  confirmLabel,
  isBusy,
  isDestructive = false,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  hint: string;
  confirmLabel: string;
  isBusy: boolean;
  isDestructive?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (isOpen) {
      setReason('');
      setError(undefined);
    }
  }, [isOpen]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(t('users.reason_required'));
    onConfirm(reason.trim());
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title={title} description={hint} closeLabel={t('common.cancel')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label={t('users.reason')} error={error}>
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              dir="auto"
              maxLength={STATUS_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={isDestructive ? 'danger' : 'primary'} disabled={isBusy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
