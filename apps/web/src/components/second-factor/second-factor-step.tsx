import { loginMessages, type SecondFactorMethod } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SecondFactorCodeInput } from '../ui/code-input.tsx';
import { Field } from '../ui/field.tsx';
import { PasskeyButton } from './passkey-button.tsx';
import { usePasskeysAvailable } from './passkeys.ts';

/**
 * The second step of a login for an account with a second factor (the marketplace's and the
 * console's): the authenticator app's 6-digit code or one of the recovery codes, sent by `send` with
 * the challenge, or, where the account has one and `sendPasskey` is given, a passkey. A challenge
 * that expired (five minutes) sends the reader back to the first step.
 */
export function SecondFactorStep<Session>({
  challengeToken,
  methods = ['totp', 'recovery_code'],
  send,
  sendPasskey,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  methods?: readonly SecondFactorMethod[];
  send: (input: { challenge_token: string; code: string }) => Promise<Session>;
  sendPasskey?: (challengeToken: string) => Promise<Session>;
  onSignedIn: (session: Session) => void;
  onRestart: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const canUsePasskeys = usePasskeysAvailable();
  const hasApp = methods.includes('totp');
  const passkey =
    sendPasskey && methods.includes('passkey') ? (
      <PasskeyButton
        label={t('second_factor.use_passkey')}
        variant={hasApp ? 'secondary' : 'primary'}
        run={() => sendPasskey(challengeToken)}
        onDone={onSignedIn}
        onRefused={(failure, text) => {
          if (failure.message !== loginMessages.challengeExpired) return false;
          onRestart(text);
          return true;
        }}
      />
    ) : null;
  const translate = useValidationMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [isPending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('second_factor.code_required'));
    setError(undefined);
    setPending(true);
    try {
      onSignedIn(await send({ challenge_token: challengeToken, code: code.trim() }));
    } catch (failure) {
      const text = failure instanceof ApiError ? (translate(failure.message) ?? t('login.failed')) : t('login.failed');
      // Spent or past its five minutes: the password (or code) is asked again.
      if (failure instanceof ApiError && failure.message === loginMessages.challengeExpired) return onRestart(text);
      setCode('');
      setError(text);
    } finally {
      setPending(false);
    }
  }

  if (!hasApp)
    return (
      <div className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold text-slate-900">{t('second_factor.title')}</h2>
          <p className="text-sm text-slate-600">
            {canUsePasskeys ? t('second_factor.help_passkey') : t('second_factor.passkey_elsewhere')}
          </p>
        </div>
        {canUsePasskeys ? passkey : null}
      </div>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-slate-900">{t('second_factor.title')}</h2>
        <p className="text-sm text-slate-600">{t('second_factor.help')}</p>
      </div>
      {canUsePasskeys && passkey ? (
        <>
          {passkey}
          <p className="text-center text-sm text-slate-500">{t('second_factor.or_code')}</p>
        </>
      ) : null}
      <Field label={t('second_factor.code')}>
        {(props) => <SecondFactorCodeInput {...props} value={code} onValueChange={setCode} autoFocus />}
      </Field>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {isPending ? t('login.submitting') : t('second_factor.submit')}
      </Button>
      <p className="text-xs leading-5 text-slate-500">{t('second_factor.recovery_help')}</p>
    </form>
  );
}
