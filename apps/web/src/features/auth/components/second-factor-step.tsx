import type { SessionResponse } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSecondFactorLogin } from '../api/login.ts';
import { SecondFactorCodeInput } from './code-input.tsx';

/**
 * The second step of a login for an account with an authenticator app: its 6-digit code, or one of
 * the recovery codes. A challenge that expired (five minutes) sends the reader back to the first step.
 */
export function SecondFactorStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (session: SessionResponse) => void;
  onRestart: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const secondStep = useSecondFactorLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('second_factor.code_required'));
    setError(undefined);
    secondStep.mutate(
      { challenge_token: challengeToken, code: code.trim() },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const text = failure instanceof ApiError ? (translate(failure.message) ?? t('login.failed')) : t('login.failed');
          // Spent or past its five minutes: the password (or code) is asked again.
          if (failure instanceof ApiError && failure.message === 'This sign-in has expired. Please sign in again.') return onRestart(text);
          setCode('');
          setError(text);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-slate-900">{t('second_factor.title')}</h2>
        <p className="text-sm text-slate-600">{t('second_factor.help')}</p>
      </div>
      <Field label={t('second_factor.code')}>
        {(props) => <SecondFactorCodeInput {...props} value={code} onValueChange={setCode} autoFocus />}
      </Field>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={secondStep.isPending}>
        {secondStep.isPending ? t('login.submitting') : t('second_factor.submit')}
      </Button>
      <p className="text-xs leading-5 text-slate-500">{t('second_factor.recovery_help')}</p>
    </form>
  );
}
