import type { IdentityTicketResponse, SessionResponse } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PhoneNumberInput } from '../../../components/ui/phone-number-input.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { signUpWithIdentity } from '../api/identity.ts';

type Signup = Extract<IdentityTicketResponse, { status: 'signup' }>;

/**
 * A new account from a verified identity: the name comes from the provider; the person picks a role
 * and gives (or confirms) an e-mail and a mobile number. An e-mail the provider did not vouch for is
 * proved with the 6-digit code sent to it.
 */
export function IdentitySignupForm({
  ticket,
  identity,
  onSignedIn,
}: {
  ticket: string;
  identity: Signup;
  onSignedIn: (session: SessionResponse) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const refusal = useRefusal();
  const translate = useValidationMessage();
  const [role, setRole] = useState<'professional' | 'employer'>('professional');
  const [email, setEmail] = useState(identity.email ?? '');
  const [countryCode, setCountryCode] = useState(identity.country_code ?? '+971');
  const [phone, setPhone] = useState(identity.phone_number ?? '');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [isPending, setPending] = useState(false);
  const name =
    (i18n.language === 'ar' ? identity.full_name_ar : identity.full_name_en) ?? identity.full_name_en ?? identity.full_name_ar ?? '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setPending(true);
    try {
      const answer = await signUpWithIdentity({
        ticket,
        role,
        email: email.trim(),
        country_code: countryCode,
        phone_number: phone,
        ...(codeSent && code.trim() ? { verification_code: code.trim() } : {}),
      });
      if (answer.status === 'code_sent') setCodeSent(translate(answer.message) ?? answer.message);
      else onSignedIn(answer);
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <Alert tone="success">{t('identity.signup.verified', { name, provider: t(`common:identity.providers.${identity.provider}`) })}</Alert>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('identity.signup.role')}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['professional', 'employer'] as const).map((each) => (
            <label key={each} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="role"
                value={each}
                checked={role === each}
                onChange={() => setRole(each)}
                className="size-4 accent-[var(--color-primary-strong)]"
              />
              {t(`identity.signup.role_${each}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('register.email')}>
        {(props) => (
          <Input {...props} value={email} onChange={(event) => setEmail(event.target.value)} type="email" autoComplete="email" dir="ltr" />
        )}
      </Field>
      <Field label={t('register.mobile')}>
        {(props) => (
          <PhoneNumberInput
            countryCodeLabel={t('register.country_code')}
            countryCodeProps={{ value: countryCode, onChange: (event) => setCountryCode(event.target.value) }}
            phoneProps={{ ...props, value: phone, onChange: (event) => setPhone(event.target.value) }}
          />
        )}
      </Field>
      {codeSent ? (
        <>
          <Alert tone="info">{codeSent}</Alert>
          <Field label={t('identity.signup.code')}>
            {(props) => <CodeInput {...props} value={code} onValueChange={setCode} autoFocus />}
          </Field>
        </>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {isPending ? t('login.submitting') : t('identity.signup.submit')}
      </Button>
    </form>
  );
}
