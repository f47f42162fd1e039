import { zodResolver } from '@hookform/resolvers/zod';
import { emailAddress, passwordResetInputSchema, type PasswordResetInput } from '@mihna/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../lib/router/index.tsx';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useReturnPath } from '../../../lib/return-to.ts';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset.ts';
import { CodeInput } from '../../../components/ui/code-input.tsx';

const REDIRECT_AFTER_MS = 3000;
const requestSchema = z.object({ email: emailAddress() });

/** Step 1 asks for the e-mail; step 2 takes the code and the new password, then returns to the login after 3 s. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const resetPassword = useResetPassword();
  const [email, setEmail] = useState<string | null>(null);
  const requestForm = useForm<{ email: string }>({ resolver: zodResolver(requestSchema), defaultValues: { email: '' } });
  const resetForm = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInputSchema),
    defaultValues: { email: '', reset_code: '', new_password: '', confirm_password: '' },
  });
  const [newPassword, confirmPassword, resetCode] = resetForm.watch(['new_password', 'confirm_password', 'reset_code']);
  const returnPath = useReturnPath();

  useEffect(() => {
    if (!resetPassword.isSuccess) return;
    // Back to the login, still carrying the page the visitor was heading to.
    const timer = setTimeout(() => void navigate(paths.login, { state: { from: returnPath } }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [resetPassword.isSuccess, navigate, returnPath]);

  if (resetPassword.isSuccess) return <Alert tone="success">{t('forgot.success')}</Alert>;

  if (email === null) {
    return (
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) =>
          void requestForm.handleSubmit(({ email: address }) =>
            requestReset.mutate(address, {
              onSuccess: () => {
                setEmail(address);
                resetForm.setValue('email', address);
              },
            }),
          )(event)
        }
      >
        <p className="text-sm text-slate-600">{t('forgot.step1_text')}</p>
        <Field label={t('forgot.email')} error={translate(requestForm.formState.errors.email?.message)}>
          {(props) => <Input {...props} {...requestForm.register('email')} type="email" autoComplete="email" dir="ltr" />}
        </Field>
        {requestReset.isError ? (
          <Alert tone="error">{requestReset.error instanceof ApiError ? translate(requestReset.error.message) : t('forgot.failed')}</Alert>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
          {t('forgot.send_code')}
        </Button>
      </form>
    );
  }

  const errorFor = (field: keyof PasswordResetInput) => translate(resetForm.formState.errors[field]?.message);
  const doPasswordsDiffer = newPassword !== confirmPassword;
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) =>
        void resetForm.handleSubmit((input) =>
          resetPassword.mutate(input, { onError: (error) => applyFieldErrors(error, resetForm.setError, ['new_password', 'reset_code']) }),
        )(event)
      }
    >
      <Alert tone="info">{t('forgot.code_sent', { email })}</Alert>
      <Field label={t('forgot.code')} error={errorFor('reset_code')}>
        {(props) => <CodeInput {...props} value={resetCode} onValueChange={(value) => resetForm.setValue('reset_code', value)} />}
      </Field>
      <Field label={t('forgot.new_password')} error={errorFor('new_password')}>
        {(props) => <Input {...props} {...resetForm.register('new_password')} type="password" autoComplete="new-password" />}
      </Field>
      <Field
        label={t('forgot.confirm_password')}
        error={errorFor('confirm_password') ?? (confirmPassword && doPasswordsDiffer ? translate('Passwords do not match.') : undefined)}
      >
        {(props) => <Input {...props} {...resetForm.register('confirm_password')} type="password" autoComplete="new-password" />}
      </Field>
      {resetPassword.isError && resetPassword.error instanceof ApiError && resetPassword.error.status !== 422 ? (
        <Alert tone="error">{translate(resetPassword.error.message)}</Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending || doPasswordsDiffer || !newPassword}>
        {t('forgot.reset')}
      </Button>
      <button type="button" className="w-full text-sm text-slate-600 hover:underline" onClick={() => setEmail(null)}>
        {t('forgot.use_other_email')}
      </button>
    </form>
  );
}
