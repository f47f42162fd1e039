import type { SessionResponse } from '@mihna/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { completeRegistration, resendVerification } from '../api/registration.ts';
import { CodeInput } from '../../../components/ui/code-input.tsx';

export interface PendingVerification {
  registrationId: string;
  email: string;
  method: 'email' | 'sms';
  /** Where the code went: the e-mail address or the full mobile number. */
  destination: string;
  /** Shown when the dialog reopens a registration made earlier. */
  isEarlierRegistration?: boolean;
  /** What moderation replaced in the registration's free text. */
  moderationMessages?: string[];
  /** Said when this registration replaced a waiting one: its code is new, the earlier ones are dead. */
  replacedNotice?: string | undefined;
}

interface VerificationDialogProps {
  pending: PendingVerification | null;
  onClose: () => void;
  onVerified: (session: SessionResponse) => void;
}

const RESEND_COOLDOWN_SECONDS = 60;

export function VerificationDialog({ pending, onClose, onVerified }: VerificationDialogProps) {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ message: string; detail?: string }>();
  const [notice, setNotice] = useState<string>();
  const [isVerifying, setVerifying] = useState(false);
  const cooldown = useCountdown();

  useEffect(() => {
    setCode('');
    setError(undefined);
    setNotice(undefined);
    if (pending) cooldown.start(pending.isEarlierRegistration ? 0 : RESEND_COOLDOWN_SECONDS);
    // Reset only when a different registration opens the dialog.
  }, [pending?.registrationId]);

  if (!pending) return null;
  const channel = pending.method === 'sms' ? t('verification.channel_sms') : t('verification.channel_email');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    if (code.length !== 6) {
      setError({ message: t('verification.code_required') });
      return;
    }
    setVerifying(true);
    setError(undefined);
    try {
      const session = await completeRegistration({
        registration_id: pending.registrationId,
        verification_code: code,
        email: pending.email,
      });
      if (!session.access_token) return setError({ message: t('verification.no_next_step') });
      onVerified(session);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? { message: t('verification.failed'), detail: translate(failure.message) }
          : { message: t('verification.completion_failed') },
      );
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    if (!pending) return;
    setError(undefined);
    try {
      await resendVerification(pending.email);
      setNotice(t('verification.resent', { channel }));
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (failure) {
      setNotice(undefined);
      setError({
        message: t('verification.resend_failed'),
        detail: failure instanceof ApiError && failure.status === 429 ? translate(failure.message) : undefined,
      });
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('verification.title')}
      description={t('verification.description', { channel, destination: pending.destination })}
      closeLabel={t('verification.close')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {pending.isEarlierRegistration ? <Alert tone="info">{t('verification.earlier_note')}</Alert> : null}
        {pending.replacedNotice ? <Alert tone="info">{pending.replacedNotice}</Alert> : null}
        {pending.moderationMessages?.length ? (
          <Alert tone="info">
            <p>{t('verification.moderation_note')}</p>
            <ul className="mt-1 list-disc ps-5">
              {pending.moderationMessages.map((message) => (
                <li key={message}>{translate(message)}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Field label={t('verification.code_label')} error={error?.message}>
          {(props) => <CodeInput {...props} value={code} onValueChange={setCode} autoFocus />}
        </Field>
        {error?.detail ? <p className="text-sm text-slate-600">{error.detail}</p> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <Button type="submit" className="w-full" disabled={isVerifying || code.length !== 6}>
          {isVerifying ? t('verification.verifying') : t('verification.verify')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {cooldown.remaining > 0 ? (
            t('verification.resend_in', { seconds: cooldown.remaining })
          ) : (
            <button type="button" onClick={() => void resend()} className="font-medium text-primary-strong hover:underline">
              {t('verification.resend')}
            </button>
          )}
        </p>
      </form>
    </Dialog>
  );
}
