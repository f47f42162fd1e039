import { zodResolver } from '@hookform/resolvers/zod';
import {
  genders,
  LOCAL_SERVICES_INDUSTRY_ID,
  phoneNumberSchema,
  profileUpdateRequestSchema,
  type CurrentUser,
  type ProfileUpdateRequest,
  type ProfileUpdateRequestInput,
} from '@mihna/shared';
import { useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { PhoneNumberInput } from '../../../components/ui/phone-number-input.tsx';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { languageOf } from '../../../lib/format.ts';
import { cityOptions, countryOptions, localServiceOptions, regionLabelOf, regionOptions, subserviceOptions } from '../../../lib/places.ts';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useUpdateProfile, type UpdatedProfile } from '../api/profile.ts';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { ProfilePictureEditor } from './profile-picture-editor.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';

type ProfileForm = UseFormReturn<ProfileUpdateRequestInput, unknown, ProfileUpdateRequest>;
const fieldNames = Object.keys(profileUpdateRequestSchema.shape);

const toFormValues = (user: CurrentUser): ProfileUpdateRequestInput => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone_number: user.phone_number,
  country_code: user.country_code,
  gender: user.gender ?? '',
  bio: user.bio ?? '',
  skills: user.skills.join(', '),
  languages: user.languages.join(', '),
  career_highlights: user.career_highlights.join(', '),
  hourly_rate: user.hourly_rate === null ? '' : String(user.hourly_rate),
  years_of_experience: user.years_of_experience === null ? '' : String(user.years_of_experience),
  availability_status: user.availability_status ?? '',
  preferred_project_size: user.preferred_project_size ?? '',
  company_name: user.company_name ?? '',
  company_description: user.company_description ?? '',
  company_size: user.company_size ?? '',
  vat_number: user.vat_number ?? '',
  website_url: user.website_url ?? '',
  country: user.country || 'AE',
  emirate: user.emirate ?? '',
  city: user.city ?? '',
  industry_category: user.industry_category ?? '',
  local_service_category: user.local_service_category ?? '',
  local_service_subcategory: user.local_service_subcategory ?? '',
  show_location: user.show_location,
  show_exact_location: user.show_exact_location,
  linkedin_url: user.linkedin_url ?? '',
  github_url: user.github_url ?? '',
  behance_url: user.behance_url ?? '',
});

function useFieldProps(form: ProfileForm) {
  const translate = useValidationMessage();
  return (field: keyof ProfileUpdateRequestInput) => ({ error: translate(form.formState.errors[field]?.message) });
}

/** The same number typed in Arabic-Indic digits, with spaces or with its trunk 0 is not a new number. */
const isNewNumber = (typed: string | undefined, current: string) => {
  const parsed = phoneNumberSchema.safeParse(typed ?? '');
  return parsed.success ? parsed.data !== current : (typed ?? '') !== current;
};

function BasicTab({ form, user, onUserChanged }: { form: ProfileForm; user: CurrentUser; onUserChanged: (user: CurrentUser) => void }) {
  const { t } = useTranslation('profile');
  const fieldProps = useFieldProps(form);
  return (
    <div className="space-y-5">
      <ProfilePictureEditor user={user} onChanged={onUserChanged} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('fields.first_name')} {...fieldProps('first_name')}>
          {(props) => <Input {...props} {...form.register('first_name')} autoComplete="given-name" />}
        </Field>
        <Field label={t('fields.last_name')} {...fieldProps('last_name')}>
          {(props) => <Input {...props} {...form.register('last_name')} autoComplete="family-name" />}
        </Field>
      </div>
      <Field label={t('fields.mobile')} {...fieldProps('phone_number')}>
        {(props) => (
          <PhoneNumberInput
            countryCodeLabel={t('fields.country_code')}
            countryCodeProps={form.register('country_code')}
            phoneProps={{ ...props, ...form.register('phone_number') }}
          />
        )}
      </Field>
      {isNewNumber(form.watch('phone_number'), user.phone_number) || form.watch('country_code') !== user.country_code ? (
        <p className="text-xs text-slate-500">{t('fields.mobile_step_up')}</p>
      ) : null}
      <Field label={t('fields.gender')} {...fieldProps('gender')}>
        {(props) => (
          <OptionSelect
            {...props}
            {...form.register('gender')}
            placeholder={t('choose')}
            options={genders.map((value) => ({ value, label: t(`genders.${value}`) }))}
          />
        )}
      </Field>
      <Field label={t('fields.bio')} {...fieldProps('bio')}>
        {(props) => <Textarea {...props} {...form.register('bio')} rows={5} />}
      </Field>
    </div>
  );
}

/** A business's VAT number (TRN), which its tax invoices and receipts print as the buyer's. */
function VatNumberField({ form }: { form: ProfileForm }) {
  const { t } = useTranslation('profile');
  const fieldProps = useFieldProps(form);
  const hintId = useId();
  return (
    <Field label={t('fields.vat_number')} {...fieldProps('vat_number')}>
      {(props) => (
        <>
          <Input
            {...props}
            aria-describedby={[hintId, props['aria-describedby']].filter(Boolean).join(' ')}
            {...form.register('vat_number')}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            className="rtl:text-right"
          />
          <p id={hintId} className="text-xs text-slate-500">
            {t('fields.vat_number_hint')}
          </p>
        </>
      )}
    </Field>
  );
}

/** The industry, and for Local Services its category and service; each choice clears the ones below it. */
function IndustryFields({ form }: { form: ProfileForm }) {
  const { t, i18n } = useTranslation('profile');
  const language = languageOf(i18n.language);
  const options = useReferenceOptions();
  const fieldProps = useFieldProps(form);
  const isLocalService = form.watch('industry_category') === LOCAL_SERVICES_INDUSTRY_ID;
  const subservices = subserviceOptions(form.watch('local_service_category') ?? '', language);
  return (
    <>
      <Field label={t('fields.industry')} {...fieldProps('industry_category')}>
        {(props) => (
          <OptionSelect
            {...props}
            {...form.register('industry_category', {
              onChange: () => {
                form.setValue('local_service_category', '');
                form.setValue('local_service_subcategory', '');
              },
            })}
            placeholder={t('choose')}
            options={options.industries}
          />
        )}
      </Field>
      {isLocalService ? (
        <>
          <Field label={t('fields.local_service_category')} {...fieldProps('local_service_category')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...form.register('local_service_category', { onChange: () => form.setValue('local_service_subcategory', '') })}
                placeholder={t('choose')}
                options={localServiceOptions(language)}
              />
            )}
          </Field>
          <Field label={t('fields.local_service_subcategory')} {...fieldProps('local_service_subcategory')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...form.register('local_service_subcategory')}
                placeholder={t('choose')}
                options={subservices}
                disabled={subservices.length === 0}
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}

function ProfessionalTab({ form, isEmployer }: { form: ProfileForm; isEmployer: boolean }) {
  const { t } = useTranslation('profile');
  const options = useReferenceOptions();
  const fieldProps = useFieldProps(form);
  const industryField = <IndustryFields form={form} />;
  if (isEmployer) {
    return (
      <div className="space-y-5">
        <Field label={t('fields.company_name')} {...fieldProps('company_name')}>
          {(props) => <Input {...props} {...form.register('company_name')} />}
        </Field>
        <Field label={t('fields.company_description')} {...fieldProps('company_description')}>
          {(props) => <Textarea {...props} {...form.register('company_description')} rows={5} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('fields.company_size')} {...fieldProps('company_size')}>
            {(props) => (
              <OptionSelect {...props} {...form.register('company_size')} placeholder={t('choose')} options={options.companySizes} />
            )}
          </Field>
          {industryField}
        </div>
        <VatNumberField form={form} />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Field label={t('fields.skills')} {...fieldProps('skills')}>
        {(props) => <Input {...props} {...form.register('skills')} placeholder={t('comma_hint')} />}
      </Field>
      <Field label={t('fields.career_highlights')} {...fieldProps('career_highlights')}>
        {(props) => <Input {...props} {...form.register('career_highlights')} placeholder={t('comma_hint')} />}
      </Field>
      <Field label={t('fields.languages')} {...fieldProps('languages')}>
        {(props) => <Input {...props} {...form.register('languages')} placeholder={t('comma_hint')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('fields.hourly_rate')} {...fieldProps('hourly_rate')}>
          {(props) => <NumberInput {...props} {...form.register('hourly_rate')} />}
        </Field>
        <Field label={t('fields.years_of_experience')} {...fieldProps('years_of_experience')}>
          {(props) => <NumberInput {...props} {...form.register('years_of_experience')} isDecimal={false} />}
        </Field>
        <Field label={t('fields.availability')} {...fieldProps('availability_status')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...form.register('availability_status')}
              placeholder={t('choose')}
              options={(['available', 'busy', 'unavailable'] as const).map((value) => ({ value, label: t(`availability.${value}`) }))}
            />
          )}
        </Field>
        <Field label={t('fields.preferred_project_size')} {...fieldProps('preferred_project_size')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...form.register('preferred_project_size')}
              placeholder={t('choose')}
              options={options.projectSizes}
            />
          )}
        </Field>
      </div>
      {industryField}
    </div>
  );
}

function LocationTab({ form }: { form: ProfileForm }) {
  const { t, i18n } = useTranslation('profile');
  const language = languageOf(i18n.language);
  const fieldProps = useFieldProps(form);
  const watchedCountry = form.watch('country');
  const country = typeof watchedCountry === 'string' ? watchedCountry : '';
  const showLocation = form.watch('show_location');
  const cities = cityOptions(country, form.watch('emirate') ?? '', language);
  // The UAE's regions are its emirates; other countries name theirs (Region, Governorate…).
  const regionLabel = country === 'AE' ? t('fields.emirate') : regionLabelOf(country, language);
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t('fields.country')} {...fieldProps('country')}>
          {(props) => (
            <Select
              {...props}
              {...form.register('country', {
                onChange: () => {
                  form.setValue('emirate', '');
                  form.setValue('city', '');
                },
              })}
            >
              {countryOptions(language).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={regionLabel} {...fieldProps('emirate')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...form.register('emirate', { onChange: () => form.setValue('city', '') })}
              options={regionOptions(country, language)}
              placeholder={t('choose')}
            />
          )}
        </Field>
        <Field label={t('fields.city')} {...fieldProps('city')}>
          {(props) => (
            <OptionSelect {...props} {...form.register('city')} placeholder={t('choose')} options={cities} disabled={cities.length === 0} />
          )}
        </Field>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" {...form.register('show_location')} className="mt-0.5 size-4 accent-[var(--color-primary-strong)]" />
        {t(country === 'AE' ? 'fields.show_location' : 'fields.show_location_region')}
      </label>
      {showLocation ? (
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" {...form.register('show_exact_location')} className="mt-0.5 size-4 accent-[var(--color-primary-strong)]" />
          {t('fields.show_exact_location')}
        </label>
      ) : null}
    </div>
  );
}

function SocialTab({ form, isEmployer }: { form: ProfileForm; isEmployer: boolean }) {
  const { t } = useTranslation('profile');
  const fieldProps = useFieldProps(form);
  const fields = (
    isEmployer ? ['website_url', 'linkedin_url'] : ['linkedin_url', 'github_url', 'behance_url', 'website_url']
  ) as (keyof ProfileUpdateRequestInput)[];
  return (
    <div className="space-y-5">
      {fields.map((field) => (
        <Field key={field} label={t(`fields.${field}`)} {...fieldProps(field)}>
          {(props) => <Input {...props} {...form.register(field)} type="url" dir="ltr" placeholder="https://" />}
        </Field>
      ))}
    </div>
  );
}

interface ProfileFormProps {
  user: CurrentUser;
  onUserChanged: (user: CurrentUser) => void;
  onSaved: (user: UpdatedProfile) => void;
  onRefused: () => void;
  onClose: () => void;
}

export function ProfileForm({ user, onUserChanged, onSaved, onRefused, onClose }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileUpdateRequestInput, unknown, ProfileUpdateRequest>({
    resolver: zodResolver(profileUpdateRequestSchema),
    defaultValues: toFormValues(user),
  });
  const isEmployer = user.role === 'employer';
  // A new mobile number asks for a second factor first (step-up), then saves.
  const { guarded, dialog } = useStepUp();
  const submit = form.handleSubmit((input) =>
    guarded(() => update.mutateAsync(input)).then(onSaved, (error: unknown) => {
      // A closed step-up dialog rejects with nothing to say.
      if (!error) return;
      applyFieldErrors(error, form.setError, fieldNames);
      if (error instanceof ApiError && error.code === 'content_refused') onRefused();
    }),
  );
  const hasUnshownErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
        <Tabs defaultValue="basic">
          {/* Four long labels (in Arabic most of all) wrap onto a second row on a phone instead of running off its edge. */}
          <TabsList aria-label={t('tabs_label')} className="flex-wrap">
            {(['basic', 'professional', 'location', 'social'] as const).map((tab) => (
              <TabsTrigger key={tab} value={tab} className="basis-auto">
                {t(`tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="basic" forceMount className="mt-6 data-[state=inactive]:hidden">
            <BasicTab form={form} user={user} onUserChanged={onUserChanged} />
          </TabsContent>
          <TabsContent value="professional" forceMount className="mt-6 data-[state=inactive]:hidden">
            <ProfessionalTab form={form} isEmployer={isEmployer} />
          </TabsContent>
          <TabsContent value="location" forceMount className="mt-6 data-[state=inactive]:hidden">
            <LocationTab form={form} />
          </TabsContent>
          <TabsContent value="social" forceMount className="mt-6 data-[state=inactive]:hidden">
            <SocialTab form={form} isEmployer={isEmployer} />
          </TabsContent>
        </Tabs>
        {hasUnshownErrors ? <Alert tone="error">{t('check_tabs')}</Alert> : null}
        {update.isError && !(update.error instanceof ApiError && update.error.status === 422) ? (
          <Alert tone="error">{t('failed')}</Alert>
        ) : null}
        {update.isSuccess ? <Alert tone="success">{t('saved')}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      </form>
      {/* Outside the form: the step-up dialog's own form must not submit this one. */}
      {dialog}
    </>
  );
}
