import { zodResolver } from '@hookform/resolvers/zod';
import {
  registrationFieldsSchema,
  registrationInputSchema,
  type Registration,
  type RegistrationInput,
  type SessionResponse,
} from '@mihna/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModerationWarning, type ModerationSeverity } from '../../../components/ui/moderation-warning.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useReturnPath } from '../../../lib/return-to.ts';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { checkRegistration, useRegister } from '../api/registration.ts';
import { EmployerFields, IdentityFields, LocationFields, ProfessionalFields } from './registration-sections.tsx';
import { VerificationDialog, type PendingVerification } from './verification-dialog.tsx';

const fieldNames = Object.keys(registrationFieldsSchema.shape) as (keyof RegistrationInput)[];

export function RegistrationForm({
  initialRole,
  onSignedIn,
}: {
  initialRole: 'worker' | 'employer';
  onSignedIn: (session: SessionResponse) => void;
}) {
  const { t } = useTranslation('auth');
  const translate = useValidationMessage();
  const register = useRegister();
  const returnPath = useReturnPath();
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const [serverError, setServerError] = useState<string>();
  const [moderation, setModeration] = useState<{ severity: ModerationSeverity; messages: string[] } | null>(null);
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationInputSchema),
    defaultValues: {
      role: initialRole,
      country_code: '+971',
      verification_method: 'email',
      show_location: true,
      show_exact_location: false,
    },
  });
  const role = form.watch('role');
  const isEmployer = role === 'employer';

  async function openEarlierRegistration(input: Registration) {
    const earlier = await checkRegistration(input.email).catch(() => null);
    if (earlier?.has_registration && earlier.registration_id && earlier.verification_method) {
      setPending({
        registrationId: earlier.registration_id,
        email: input.email,
        method: earlier.verification_method,
        destination: earlier.verification_method === 'sms' ? `${input.country_code}${input.phone_number}` : input.email,
        isEarlierRegistration: true,
      });
    }
  }

  const submit = form.handleSubmit(async (input) => {
    setServerError(undefined);
    try {
      const answer = await register.mutateAsync(input);
      if (answer.access_token && answer.user) return onSignedIn({ access_token: answer.access_token, user: answer.user });
      const destination = answer.verification_method === 'sms' ? `${input.country_code}${input.phone_number}` : input.email;
      setPending({
        registrationId: answer.registration_id,
        email: input.email,
        method: answer.verification_method,
        destination,
        moderationMessages: answer.moderation_messages,
        replacedNotice: answer.message ? translate(answer.message) : undefined,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'content_refused') {
        setModeration({ severity: 'severe', messages: [] });
      }
      if (applyFieldErrors(error, form.setError, fieldNames)) return;
      setServerError(error instanceof ApiError ? translate(error.message) : t('register.failed'));
      if (error instanceof ApiError && error.code === 'rate_limited') await openEarlierRegistration(input);
    }
  });

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('register.account_type')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            {(['worker', 'employer'] as const).map((value) => (
              <label
                key={value}
                className="flex cursor-pointer flex-col rounded-xl p-4 ring-1 ring-slate-300 has-[:checked]:bg-primary/5 has-[:checked]:ring-2 has-[:checked]:ring-primary-strong"
              >
                <span className="flex items-center gap-2 font-semibold text-slate-950">
                  <input type="radio" value={value} {...form.register('role')} className="size-4 accent-[var(--color-primary-strong)]" />
                  {t(`register.role_${value}`)}
                </span>
                <span className="mt-1 text-xs text-slate-600">{t(`register.role_${value}_hint`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <IdentityFields form={form} />
        {isEmployer ? <EmployerFields form={form} /> : <ProfessionalFields form={form} />}
        <LocationFields form={form} />
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('register.submitting') : t('register.submit')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {t('register.have_account')}{' '}
          <Link to={paths.login} state={{ from: returnPath }} className="font-semibold text-primary-strong hover:underline">
            {t('register.login_link')}
          </Link>
        </p>
      </form>
      <VerificationDialog pending={pending} onClose={() => setPending(null)} onVerified={onSignedIn} />
      <ModerationWarning
        severity={moderation?.severity ?? null}
        messages={moderation?.messages ?? []}
        onClose={() => setModeration(null)}
      />
    </>
  );
}
