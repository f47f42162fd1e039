import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { SecondFactorStep } from '../../../components/second-factor/second-factor-step.tsx';
import { sendAdminSecondFactor, useAdminLogin } from '../api/admin-api.ts';

/**
 * Admin spec §2 Login: email and password; the button shows an authenticating state while the call
 * runs. A refusal says "Login failed", with the server's reason when it gives one (locked, throttled).
 * An admin with an authenticator app is then asked for its code (the second step).
 */
export function AdminLogin() {
  const { t } = useTranslation('admin');
  const translate = useValidationMessage();
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [challengeToken, setChallengeToken] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) return setError(t('login.required'));
    setError(undefined);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          if ('challenge_token' in answer) setChallengeToken(answer.challenge_token);
        },
        onError: (failure) => {
          const detail =
            failure instanceof ApiError && failure.status !== 401 && failure.status < 500 ? translate(failure.message) : undefined;
          setError(detail ? `${t('login.failed')}: ${detail}` : t('login.failed'));
        },
      },
    );
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <title>{t('login.title')}</title>
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <ShieldCheck className="size-10 text-primary-strong" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-950">{t('login.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('login.subtitle')}</p>
        {challengeToken ? (
          <div className="mt-6">
            <SecondFactorStep
              challengeToken={challengeToken}
              send={sendAdminSecondFactor}
              onSignedIn={() => setChallengeToken(undefined)}
              onRestart={(text) => {
                setChallengeToken(undefined);
                setPassword('');
                setError(text);
              }}
            />
          </div>
        ) : (
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Field label={t('login.email')}>
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="username"
                  dir="ltr"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            <Field label={t('login.password')}>
              {(props) => (
                <Input
                  {...props}
                  type="password"
                  autoComplete="current-password"
                  dir="ltr"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? t('login.authenticating') : t('login.submit')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
