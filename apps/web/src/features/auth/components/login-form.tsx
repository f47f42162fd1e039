import { isMobileNumber, messages, readNumber, type LoginInput, type SecondFactorChallenge, type SessionResponse } from '@mihna/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useReturnPath } from '../../../lib/return-to.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import {
  fetchLoginStatus,
  secondFactorWithPasskey,
  sendLoginCode,
  signInWithPasskey,
  useLogin,
  useSecondFactorLogin,
  verifyCaptcha,
} from '../api/login.ts';
import { CaptchaChallenge, type CaptchaAnswer } from './captcha-challenge.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { SecondFactorStep } from '../../../components/second-factor/second-factor-step.tsx';
import { PasskeyButton } from '../../../components/second-factor/passkey-button.tsx';
import { usePasskeysAvailable } from '../../../components/second-factor/passkeys.ts';

type Method = LoginInput['login_method'] & string;
const CODE_COOLDOWN_SECONDS = 60;

export function LoginForm({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const login = useLogin();
  const secondStep = useSecondFactorLogin();
  const [method, setMethod] = useState<Method>('password');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isCodeSent, setCodeSent] = useState(false);
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaAnswer | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: ReactNode }>();
  const [isChecking, setChecking] = useState(false);
  const cooldown = useCountdown();
  const returnPath = useReturnPath();
  /** The second step's token, once the first step passed for an account with an authenticator app. */
  const [challenge, setChallenge] = useState<SecondFactorChallenge>();
  const canUsePasskeys = usePasskeysAvailable();

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

  /** While the account is locked, the message says for how long and links to password reset; no captcha is asked. */
  const lockedMessage = (text: string) => ({
    tone: 'error' as const,
    text: (
      <>
        {text}{' '}
        <Link to={paths.forgotPassword} state={{ from: returnPath }} className="font-semibold underline">
          {t('login.reset_link')}
        </Link>
      </>
    ),
  });

  async function checkCaptchaNeed() {
    if (isSms || !identifier.includes('@')) return;
    const status = await fetchLoginStatus(identifier.trim()).catch(() => null);
    if (!status) return;
    setCaptchaShown(status.requires_captcha);
    if (status.is_locked) setMessage(lockedMessage(t('login.locked_for', { count: status.locked_minutes })));
  }

  /** A captcha answer becomes a single-use token; a wrong one asks a new question. */
  async function captchaToken(): Promise<string | undefined | null> {
    if (!isCaptchaShown) return undefined;
    if (!captcha || !captcha.answer.trim()) {
      setCaptchaError(t('captcha.answer_required'));
      return null;
    }
    const answer = readNumber(captcha.answer);
    try {
      if (typeof answer !== 'number' || !Number.isInteger(answer)) throw new ApiError(400, null);
      return (await verifyCaptcha(captcha.captchaId, answer)).captcha_token;
    } catch (failure) {
      setCaptchaError(failure instanceof ApiError ? t('captcha.wrong') : t('captcha.load_failed'));
      setCaptchaRound((round) => round + 1);
      return null;
    }
  }

  async function sendCode() {
    if (!identifier.trim()) {
      setMessage({ tone: 'error', text: isSms ? t('login.mobile_required') : t('login.email_first') });
      return;
    }
    if (isSms && !isMobileNumber(identifier)) return setMessage({ tone: 'error', text: translate(messages.enterMobileNumber) });
    try {
      await sendLoginCode(isSms ? 'sms' : 'email', identifier.trim());
      setCodeSent(true);
      cooldown.start(CODE_COOLDOWN_SECONDS);
      setMessage({ tone: 'success', text: isSms ? t('login.code_sent_sms') : t('login.code_sent_email') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'rate_limited') {
        // The button counts down the wait the server gave.
        if (error.retryAfterSeconds) cooldown.start(error.retryAfterSeconds);
        return setMessage({ tone: 'error', text: translate(error.message) ?? error.message });
      }
      if (error instanceof ApiError && error.code === 'validation_failed') {
        return setMessage({ tone: 'error', text: translate(error.message) ?? error.message });
      }
      setMessage({ tone: 'error', text: t('login.send_code_failed') });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    setCaptchaError(undefined);
    if (!identifier.trim())
      return setMessage({ tone: 'error', text: isSms ? t('login.mobile_required') : (translate('This field is required') ?? '') });
    if (isSms && !isMobileNumber(identifier)) return setMessage({ tone: 'error', text: translate(messages.enterMobileNumber) });
    if (method === 'password' && !password) return setMessage({ tone: 'error', text: t('login.password_required') });
    if (method !== 'password' && code.length !== 6) return setMessage({ tone: 'error', text: t('login.code_required') });

    setChecking(true);
    const token = await captchaToken();
    setChecking(false);
    if (token === null) return;
    const input: LoginInput = {
      email: identifier.trim(),
      login_method: method,
      ...(method === 'password' ? { password } : { verification_code: code }),
      ...(token ? { captcha_token: token } : {}),
    };
    login.mutate(input, {
      onSuccess: (answer) => ('second_factor_required' in answer ? setChallenge(answer) : onSignedIn(answer)),
      onError: (error) => {
        // Every answer spends the captcha: the next attempt gets a new question.
        if (isCaptchaShown) setCaptchaRound((round) => round + 1);
        if (error instanceof ApiError && error.code === 'locked') {
          setCaptchaShown(false);
          return setMessage(lockedMessage(translate(error.message) ?? t('login.locked')));
        }
        if (error instanceof ApiError && error.code === 'captcha_required') setCaptchaShown(true);
        const refusal = error instanceof ApiError ? (translate(error.message) ?? t('login.failed')) : t('login.failed');
        setMessage({
          tone: 'error',
          // A suspended or blocked account is told why, in staff's own words.
          text: error instanceof ApiError && error.reason ? `${refusal} ${t('login.staff_reason', { reason: error.reason })}` : refusal,
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

  if (challenge)
    return (
      <SecondFactorStep
        challengeToken={challenge.challenge_token}
        methods={challenge.methods}
        send={secondStep.mutateAsync}
        sendPasskey={secondFactorWithPasskey}
        onSignedIn={onSignedIn}
        onRestart={(text) => {
          setChallenge(undefined);
          setPassword('');
          setCode('');
          setMessage({ tone: 'error', text });
        }}
      />
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
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
            <Link
              to={paths.forgotPassword}
              state={{ from: returnPath }}
              className="text-sm font-medium text-primary-strong hover:underline"
            >
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
      {isCaptchaShown ? (
        <CaptchaChallenge round={captchaRound} answer={captcha?.answer ?? ''} error={captchaError} onChange={setCaptcha} />
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending || isChecking}>
        {login.isPending || isChecking ? t('login.submitting') : t('login.submit')}
      </Button>
      {canUsePasskeys ? (
        <>
          <p className="text-center text-sm text-slate-500">{t('login.or')}</p>
          <PasskeyButton label={t('login.passkey')} run={signInWithPasskey} onDone={onSignedIn} />
        </>
      ) : null}
      <p className="text-xs leading-5 text-slate-500">{t('login.security_help')}</p>
      <p className="text-center text-sm text-slate-600">
        {t('login.no_account')}{' '}
        <Link to={paths.register()} state={{ from: returnPath }} className="font-semibold text-primary-strong hover:underline">
          {t('login.sign_up_link')}
        </Link>
      </p>
    </form>
  );
}
