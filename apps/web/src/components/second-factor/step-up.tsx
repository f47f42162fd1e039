import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/paths.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SecondFactorCodeInput } from '../ui/code-input.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { answerCeremony, usePasskeysAvailable, type RequestCeremony } from './passkeys.ts';
import { useRefusal } from './totp-setup.tsx';

interface StepUpStatus {
  method: 'totp' | 'passkey' | 'email';
  passkey: boolean;
}

/** Step-up with one of the account's passkeys: a ceremony bound to this session, answered by the browser. */
async function stepUpWithPasskey() {
  const ceremony = await apiRequest<RequestCeremony>(apiPaths.stepUpPasskeyOptions, { method: 'POST' });
  return apiRequest<{ confirmed_until: string }>(apiPaths.stepUpPasskey, { body: await answerCeremony(ceremony) });
}

/**
 * Asks for the second factor: a passkey where the account has one, a code of the authenticator app,
 * or for an account with neither a code e-mailed on request.
 */
function StepUpForm({ status, onConfirmed }: { status: StepUpStatus; onConfirmed: () => void }) {
  const { method } = status;
  const canUsePasskeys = usePasskeysAvailable();
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [isPending, setPending] = useState(false);
  const refusal = useRefusal();

  async function send() {
    setError(undefined);
    try {
      const answer = await apiRequest<{ message: string }>(apiPaths.stepUpCode, { method: 'POST' });
      setSent(translate(answer.message) ?? answer.message);
    } catch (failure) {
      setError(refusal(failure));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('code_required'));
    setError(undefined);
    setPending(true);
    try {
      await apiRequest(apiPaths.stepUp, { body: { code: code.trim() } });
      onConfirmed();
    } catch (failure) {
      setCode('');
      setError(refusal(failure));
    } finally {
      setPending(false);
    }
  }

  const passkey =
    status.passkey && canUsePasskeys ? (
      <PasskeyButton
        label={t('step_up.use_passkey')}
        size="md"
        variant={method === 'passkey' ? 'primary' : 'secondary'}
        run={stepUpWithPasskey}
        onDone={onConfirmed}
      />
    ) : null;
  if (method === 'passkey') return passkey ?? <Alert tone="info">{t('step_up.passkey_elsewhere')}</Alert>;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {passkey}
      {method === 'email' ? (
        <div className="space-y-2">
          <Button type="button" variant="secondary" onClick={() => void send()}>
            {sent ? t('step_up.send_again') : t('step_up.send')}
          </Button>
          {sent ? <Alert tone="success">{sent}</Alert> : null}
        </div>
      ) : null}
      {method === 'totp' || sent ? (
        <Field label={method === 'totp' ? t('step_up.app_code') : t('step_up.email_code')}>
          {(props) => <SecondFactorCodeInput {...props} value={code} onValueChange={setCode} autoFocus />}
        </Field>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {method === 'totp' || sent ? (
        <Button type="submit" disabled={isPending} className="w-full">
          {t('step_up.confirm')}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * Step-up for what moves money or guards the account: `guarded(action)` runs the action and, when
 * the server answers 403 `step_up_required`, asks for a second factor in a dialog and runs it again.
 * It resolves with the action's answer, or rejects with the action's error (or when the dialog closes).
 */
export function useStepUp(): { guarded: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const { t } = useTranslation('security');
  const [status, setStatus] = useState<StepUpStatus>();
  const waiting = useRef<{ resolve: () => void; reject: (error: unknown) => void }>(undefined);

  const guarded = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'step_up_required')) throw error;
      const answer = await apiRequest<StepUpStatus>(apiPaths.stepUp);
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(error) };
        setStatus(answer);
      });
      return action();
    }
  }, []);

  const close = (confirmed: boolean) => {
    setStatus(undefined);
    const pending = waiting.current;
    waiting.current = undefined;
    if (confirmed) pending?.resolve();
    else pending?.reject(undefined);
  };

  const dialog = (
    <Dialog
      isOpen={status !== undefined}
      onOpenChange={(open) => !open && close(false)}
      title={t('step_up.title')}
      description={t(`step_up.intro_${status?.method ?? 'email'}`)}
      closeLabel={t('step_up.cancel')}
    >
      {status ? <StepUpForm status={status} onConfirmed={() => close(true)} /> : null}
    </Dialog>
  );
  return { guarded, dialog };
}
