import { toWesternDigits } from '@mihna/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchCaptcha, verifyCaptcha } from '../api/login.ts';

/** The math challenge shown after failed logins; a right answer hands back a single-use token. */
export function CaptchaChallenge({ token, onSolved }: { token: string | null; onSolved: (token: string | null) => void }) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<{ captcha_id: string; question: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();

  const loadChallenge = () => {
    // A spent question must not stay on screen while the next one loads.
    setChallenge(null);
    setAnswer('');
    void fetchCaptcha().then(setChallenge, () => setError(t('captcha.load_failed')));
  };
  useEffect(() => {
    if (!token) loadChallenge();
    // A new challenge each time the previous token has been spent.
  }, [token]);

  if (token)
    return <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">{t('captcha.solved')}</p>;

  async function check() {
    if (!challenge) return;
    if (!answer.trim()) {
      setError(t('captcha.answer_required'));
      return;
    }
    try {
      const result = await verifyCaptcha(challenge.captcha_id, Number(toWesternDigits(answer)));
      setError(undefined);
      onSolved(result.captcha_token);
    } catch (failure) {
      setError(failure instanceof ApiError ? t('captcha.wrong') : t('captcha.load_failed'));
      loadChallenge();
    }
  }

  return (
    <div className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm font-medium text-amber-900">{t('captcha.title')}</p>
      <Field label={challenge ? t('captcha.question', { question: challenge.question }) : t('captcha.loading')} error={error}>
        {(props) => (
          <div className="flex gap-2">
            <div className="w-28">
              <Input {...props} value={answer} onChange={(event) => setAnswer(event.target.value)} inputMode="numeric" dir="ltr" />
            </div>
            <Button type="button" variant="secondary" onClick={() => void check()}>
              {t('captcha.check')}
            </Button>
          </div>
        )}
      </Field>
    </div>
  );
}
