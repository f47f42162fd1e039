import { Mail } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useValidationMessage } from '../../../lib/validation-message.ts';

const emailKey = ['account-email'] as const;

/**
 * The account's e-mail address, and changing it: after a second factor (step-up), a 6-digit code
 * goes to the new address and only that code makes the change; the old address is told.
 */
export function EmailChange() {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  const refusal = useRefusal();
  const client = useQueryClient();
  const { user, updateUser } = useSession();
  const { guarded, dialog } = useStepUp();
  const current = useQuery({
    queryKey: emailKey,
    queryFn: () => apiRequest<{ email: string; pending_email: string | null }>(apiPaths.accountEmail),
  });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string }>();
  const [isPending, setPending] = useState(false);
  const pending = current.data?.pending_email;

  async function run<T extends { message: string }>(action: () => Promise<T>, after: (answer: T) => void) {
    setNotice(undefined);
    setPending(true);
    try {
      const answer = await action();
      after(answer);
      setNotice({ tone: 'success', text: translate(answer.message) ?? answer.message });
      await client.invalidateQueries({ queryKey: emailKey });
    } catch (failure) {
      // A closed step-up dialog rejects with nothing to say.
      if (failure) setNotice({ tone: 'error', text: refusal(failure) });
    } finally {
      setPending(false);
    }
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setNotice({ tone: 'error', text: t('email.required') });
    void run(
      () => guarded(() => apiRequest<{ message: string; pending_email: string }>(apiPaths.accountEmail, { body: { email: email.trim() } })),
      () => setEmail(''),
    );
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setNotice({ tone: 'error', text: t('code_required') });
    void run(
      () => apiRequest<{ message: string; email: string }>(apiPaths.accountEmailConfirm, { body: { code: code.trim() } }),
      (answer) => {
        setCode('');
        if (user) updateUser({ ...user, email: answer.email });
      },
    );
  }

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6" aria-labelledby="email-title">
      <div className="flex items-start gap-3">
        <Mail aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
        <div>
          <h2 id="email-title" className="text-lg font-semibold text-slate-950">
            {t('email.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('email.intro')}</p>
        </div>
      </div>
      {current.data ? (
        <p className="text-sm text-slate-700">
          {t('email.current')}{' '}
          <bdi dir="ltr" className="font-medium text-slate-900">
            {current.data.email}
          </bdi>
        </p>
      ) : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {pending ? (
        <form onSubmit={confirm} noValidate className="space-y-3">
          <p className="text-sm text-slate-700">
            {t('email.pending')}{' '}
            <bdi dir="ltr" className="font-medium">
              {pending}
            </bdi>
          </p>
          <Field label={t('email.code')}>{(props) => <CodeInput {...props} value={code} onValueChange={setCode} />}</Field>
          <Button type="submit" disabled={isPending}>
            {t('email.confirm')}
          </Button>
        </form>
      ) : null}
      <form onSubmit={send} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label={t('email.new')}>
            {(props) => (
              <Input
                {...props}
                type="email"
                dir="ltr"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={isPending}>
          {pending ? t('email.send_again') : t('email.send')}
        </Button>
      </form>
      {dialog}
    </section>
  );
}
