import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';

type Name = 'current_password' | 'new_password' | 'confirm_password';

/** A new password for the signed-in account, after a second factor (step-up); every other session ends. */
export function PasswordChange() {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  const { guarded, dialog } = useStepUp();
  const refusal = useRefusal();
  const [values, setValues] = useState<Record<Name, string>>({ current_password: '', new_password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [isPending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    setErrors({});
    if (Object.values(values).some((value) => !value)) return setNotice({ tone: 'error', text: t('password.required') });
    setPending(true);
    try {
      const answer = await guarded(() => apiRequest<{ message: string }>(apiPaths.changePassword, { body: values }));
      setValues({ current_password: '', new_password: '', confirm_password: '' });
      setNotice({ tone: 'success', text: translate(answer.message) ?? answer.message });
    } catch (failure) {
      if (failure instanceof ApiError && Array.isArray((failure.body as { detail?: unknown }).detail)) {
        const found: Partial<Record<Name, string>> = {};
        for (const issue of (failure.body as { detail: { loc: string[]; msg: string }[] }).detail)
          found[issue.loc.at(-1) as Name] = translate(issue.msg) ?? issue.msg;
        setErrors(found);
      } else if (failure) setNotice({ tone: 'error', text: refusal(failure) });
    } finally {
      setPending(false);
    }
  }

  const field = (name: Name, label: string, autoComplete: string) => (
    <Field label={label} error={errors[name]}>
      {(props) => (
        <Input
          {...props}
          type="password"
          dir="ltr"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((before) => ({ ...before, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6" aria-labelledby="password-title">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
        <div>
          <h2 id="password-title" className="text-lg font-semibold text-slate-950">
            {t('password.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('password.intro')}</p>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
        {field('current_password', t('password.current'), 'current-password')}
        {field('new_password', t('password.new'), 'new-password')}
        {field('confirm_password', t('password.confirm'), 'new-password')}
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <Button type="submit" disabled={isPending}>
          {t('password.submit')}
        </Button>
      </form>
      {dialog}
    </section>
  );
}
