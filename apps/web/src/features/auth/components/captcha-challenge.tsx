import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { fetchCaptcha } from '../api/login.ts';

export interface CaptchaAnswer {
  captchaId: string;
  answer: string;
}

interface CaptchaChallengeProps {
  /** A new value asks a new question (after an answer was spent on a login attempt). */
  round: number;
  answer: string;
  error?: string | undefined;
  onChange: (answer: CaptchaAnswer | null) => void;
}

/**
 * The math challenge shown after failed logins. It is a field of the login form: the answer is
 * checked when the user presses Log in, so there is no separate button to press first.
 */
export function CaptchaChallenge({ round, answer, error, onChange }: CaptchaChallengeProps) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<{ captcha_id: string; question: string } | null>(null);
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    // A spent question must not stay on screen while the next one loads.
    setChallenge(null);
    setLoadError(undefined);
    onChange(null);
    let isCurrent = true;
    fetchCaptcha().then(
      (next) => isCurrent && setChallenge(next),
      () => isCurrent && setLoadError(t('captcha.load_failed')),
    );
    return () => {
      isCurrent = false;
    };
  }, [round]);

  return (
    <div className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm font-medium text-amber-900">{t('captcha.title')}</p>
      <Field label={challenge ? t('captcha.question', { question: challenge.question }) : t('captcha.loading')} error={error ?? loadError}>
        {(props) => (
          <div className="w-28">
            <NumberInput
              {...props}
              isDecimal={false}
              value={answer}
              disabled={!challenge}
              onChange={(event) => challenge && onChange({ captchaId: challenge.captcha_id, answer: event.target.value })}
              dir="ltr"
            />
          </div>
        )}
      </Field>
    </div>
  );
}
