import { genders, type Registration, type RegistrationInput } from '@mihna/shared';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { PhoneNumberInput } from '../../../components/ui/phone-number-input.tsx';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { NumberInput } from '../../../components/ui/number-input.tsx';

export type RegistrationForm = UseFormReturn<RegistrationInput, unknown, Registration>;

function useFieldError(form: RegistrationForm) {
  const translate = useValidationMessage();
  return (field: keyof RegistrationInput) => translate(form.formState.errors[field]?.message);
}

export function IdentityFields({ form }: { form: RegistrationForm }) {
  const { t } = useTranslation('auth');
  const errorFor = useFieldError(form);
  const { register } = form;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('register.first_name')} error={errorFor('first_name')}>
          {(props) => <Input {...props} {...register('first_name')} autoComplete="given-name" />}
        </Field>
        <Field label={t('register.last_name')} error={errorFor('last_name')}>
          {(props) => <Input {...props} {...register('last_name')} autoComplete="family-name" />}
        </Field>
      </div>
      <Field label={t('register.email')} error={errorFor('email')}>
        {(props) => <Input {...props} {...register('email')} type="email" autoComplete="email" dir="ltr" />}
      </Field>
      <Field label={t('register.mobile')} error={errorFor('phone_number') ?? errorFor('country_code')}>
        {(props) => (
          <PhoneNumberInput
            countryCodeLabel={t('register.country_code')}
            countryCodeProps={register('country_code')}
            phoneProps={{ ...props, ...register('phone_number') }}
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('register.verification_method')}</legend>
        <div className="mt-2 flex gap-6">
          {(['email', 'sms'] as const).map((method) => (
            <label key={method} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value={method}
                {...register('verification_method')}
                className="size-4 accent-[var(--color-primary-strong)]"
              />
              {t(`register.method_${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('register.password')} error={errorFor('password')}>
          {(props) => <Input {...props} {...register('password')} type="password" autoComplete="new-password" />}
        </Field>
        <Field label={t('register.confirm_password')} error={errorFor('confirm_password')}>
          {(props) => <Input {...props} {...register('confirm_password')} type="password" autoComplete="new-password" />}
        </Field>
      </div>
      <p className="text-xs text-slate-500">{t('register.password_hint')}</p>
    </>
  );
}

export function ProfessionalFields({ form }: { form: RegistrationForm }) {
  const { t } = useTranslation('auth');
  const errorFor = useFieldError(form);
  const { register } = form;
  return (
    <fieldset className="space-y-5 rounded-xl bg-slate-50 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('register.professional_details')}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('register.gender')} error={errorFor('gender')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...register('gender', { setValueAs: (value: string) => value || null })}
              options={genders.map((gender) => ({ value: gender, label: t(`register.genders.${gender}`) }))}
              placeholder={t('register.choose')}
            />
          )}
        </Field>
        <Field label={t('register.years_of_experience')} error={errorFor('years_of_experience')}>
          {(props) => <NumberInput {...props} {...register('years_of_experience')} isDecimal={false} />}
        </Field>
      </div>
      <Field label={t('register.skills')} error={errorFor('skills')}>
        {(props) => <Input {...props} {...register('skills')} placeholder={t('register.skills_placeholder')} />}
      </Field>
      <Field label={t('register.career_highlights')} error={errorFor('career_highlights')}>
        {(props) => <Input {...props} {...register('career_highlights')} placeholder={t('register.comma_hint')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('register.hourly_rate')} error={errorFor('hourly_rate')}>
          {(props) => <NumberInput {...props} {...register('hourly_rate')} />}
        </Field>
        <Field label={t('register.languages')} error={errorFor('languages')}>
          {(props) => <Input {...props} {...register('languages')} placeholder={t('register.languages_placeholder')} />}
        </Field>
      </div>
      <Field label={t('register.bio')} error={errorFor('bio')}>
        {(props) => <Textarea {...props} {...register('bio')} rows={4} />}
      </Field>
    </fieldset>
  );
}

export function EmployerFields({ form }: { form: RegistrationForm }) {
  const { t } = useTranslation('auth');
  const errorFor = useFieldError(form);
  return (
    <fieldset className="space-y-5 rounded-xl bg-slate-50 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('register.company_details')}</legend>
      <Field label={t('register.company_name')} error={errorFor('company_name')}>
        {(props) => <Input {...props} {...form.register('company_name')} autoComplete="organization" />}
      </Field>
      <Field label={t('register.company_description')} error={errorFor('company_description')}>
        {(props) => <Textarea {...props} {...form.register('company_description')} rows={4} />}
      </Field>
    </fieldset>
  );
}

export function LocationFields({ form }: { form: RegistrationForm }) {
  const { t } = useTranslation('auth');
  const options = useReferenceOptions();
  const { register, watch } = form;
  const showLocation = watch('show_location');
  const cities = options.citiesOf(watch('emirate'));
  return (
    <fieldset className="space-y-5 rounded-xl bg-slate-50 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('register.location')}</legend>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t('register.emirate')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...register('emirate', { onChange: () => form.setValue('city', '') })}
              options={options.emirates}
              placeholder={t('register.choose')}
            />
          )}
        </Field>
        <Field label={t('register.city')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...register('city')}
              options={cities}
              placeholder={t('register.choose')}
              disabled={cities.length === 0}
            />
          )}
        </Field>
        <Field label={t('register.industry')}>
          {(props) => (
            <OptionSelect {...props} {...register('industry_category')} options={options.industries} placeholder={t('register.choose')} />
          )}
        </Field>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register('show_location')} className="mt-0.5 size-4 accent-[var(--color-primary-strong)]" />
        {t('register.show_location')}
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          {...register('show_exact_location')}
          disabled={!showLocation}
          className="mt-0.5 size-4 accent-[var(--color-primary-strong)]"
        />
        {t('register.show_exact_location')}
      </label>
    </fieldset>
  );
}
