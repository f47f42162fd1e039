import type { LoginInput, SessionResponse } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { fetchLoginStatus, sendLoginCode, useLogin } from '../api/login.ts';
import { CaptchaChallenge } from './captcha-challenge.tsx';
import { CodeInput } from './code-input.tsx';

type Method = LoginInput['login_method'] & string;
const CODE_COOLDOWN_SECONDS = 60;

export function LoginForm({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const login = useLogin();
  const [method, setMethod] = useState<Method>('password');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isCodeSent, setCodeSent] = useState(false);
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string }>();
  const cooldown = useCountdown();

  const isSms = method === 'sms_code';
  const identifierLabel = isSms ? t('login.mobile') : t('login.email');

  function changeMethod(next: string) {
    // The SMS tab asks for a mobile number, the others an e-mail address: each starts fresh.
    if ((next === 'sms_code') !== isSms) setIdentifier('');
    setMethod(next as Method);
    setCode('');
    setCodeSent(false);
    cooldown.start(0);
    setMessage(undefined);
  }

  async function checkCaptchaNeed() {
    if (isSms || !identifier.includes('@')) return;
    const status = await fetchLoginStatus(identifier.trim()).catch(() => null);
    if (status?.requires_captcha) setCaptchaShown(true);
  }

  async function sendCode() {
    if (!identifier.trim()) {
      setMessage({ tone: 'error', text: isSms ? t('login.mobile_required') : t('login.email_first') });
      return;
    }
    try {
      await sendLoginCode(isSms ? 'sms' : 'email', identifier.trim());
      setCodeSent(true);
      cooldown.start(CODE_COOLDOWN_SECONDS);
      setMessage({ tone: 'success', text: isSms ? t('login.code_sent_sms') : t('login.code_sent_email') });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError && error.status === 429 ? error.message : t('login.send_code_failed') });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    if (!identifier.trim())
      return setMessage({ tone: 'error', text: isSms ? t('login.mobile_required') : (translate('This field is required') ?? '') });
    if (method === 'password' && !password) return setMessage({ tone: 'error', text: t('login.password_required') });
    if (method !== 'password' && code.length !== 6) return setMessage({ tone: 'error', text: t('login.code_required') });
    if (isCaptchaShown && !captchaToken) return setMessage({ tone: 'error', text: t('captcha.answer_required') });

    const input: LoginInput = {
      email: identifier.trim(),
      login_method: method,
      ...(method === 'password' ? { password } : { verification_code: code }),
      ...(captchaToken ? { captcha_token: captchaToken } : {}),
    };
    login.mutate(input, {
      onSuccess: onSignedIn,
      onError: (error) => {
        setCaptchaToken(null);
        if (error instanceof ApiError && error.status === 423) return setMessage({ tone: 'error', text: t('login.locked') });
        if (error instanceof ApiError && (error.status === 429 || error.message.toLowerCase().includes('captcha'))) setCaptchaShown(true);
        setMessage({
          tone: 'error',
          text: error instanceof ApiError ? (translate(error.message) ?? t('login.failed')) : t('login.failed'),
        });
        void checkCaptchaNeed();
      },
    });
  }

  const identifierField = (
    <Field label={identifierLabel}>
      {(props) => (
        <Input
          {...props}
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          onBlur={() => void checkCaptchaNeed()}
          type={isSms ? 'tel' : 'email'}
          autoComplete={isSms ? 'tel' : 'username'}
          placeholder={isSms ? '+971501234567' : undefined}
          dir="ltr"
        />
      )}
    </Field>
  );

  const codeFields = (
    <div className="space-y-4">
      <div className="flex items-end gap-2">
        <div className="flex-1">{identifierField}</div>
        <Button type="button" variant="secondary" onClick={() => void sendCode()} disabled={cooldown.remaining > 0}>
          {cooldown.remaining > 0
            ? t('login.resend_in', { seconds: cooldown.remaining })
            : isCodeSent
              ? t('login.resend_code')
              : t('login.send_code')}
        </Button>
      </div>
      <Field label={t('login.code')}>{(props) => <CodeInput {...props} value={code} onValueChange={setCode} />}</Field>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Tabs value={method} onValueChange={changeMethod}>
        <TabsList aria-label={t('login.methods')}>
          <TabsTrigger value="password">{t('login.tab_password')}</TabsTrigger>
          <TabsTrigger value="email_code">{t('login.tab_email_code')}</TabsTrigger>
          <TabsTrigger value="sms_code">{t('login.tab_sms_code')}</TabsTrigger>
        </TabsList>
        <TabsContent value="password" className="mt-5 space-y-4">
          {identifierField}
          <Field label={t('login.password')}>
            {(props) => (
              <Input
                {...props}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                type="password"
                autoComplete="current-password"
              />
            )}
          </Field>
          <div className="text-end">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-primary-strong hover:underline">
              {t('login.forgot_password')}
            </Link>
          </div>
        </TabsContent>
        <TabsContent value="email_code" className="mt-5">
          {codeFields}
        </TabsContent>
        <TabsContent value="sms_code" className="mt-5">
          {codeFields}
        </TabsContent>
      </Tabs>
      {isCaptchaShown ? <CaptchaChallenge token={captchaToken} onSolved={setCaptchaToken} /> : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-xs leading-5 text-slate-500">{t('login.security_help')}</p>
      <p className="text-center text-sm text-slate-600">
        {t('login.no_account')}{' '}
        <Link to={paths.register()} className="font-semibold text-primary-strong hover:underline">
          {t('login.sign_up_link')}
        </Link>
      </p>
    </form>
  );
}
