import { jobTypes, LOCAL_SERVICES_INDUSTRY_ID } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { languageOf } from '../../../lib/format.ts';
import { cityOptions, countryOptions, localServiceOptions, regionLabelOf, regionOptions, subserviceOptions } from '../../../lib/places.ts';
import { Checkbox, Section, text, useFormHelpers, type PostJobForm } from './post-job-fields.tsx';

export function DetailsSection({ form }: { form: PostJobForm }) {
  const { t } = useTranslation('projects');
  const { errorOf } = useFormHelpers(form);
  return (
    <Section title={t('post.sections.details')}>
      <Field label={t('post.fields.title')} error={errorOf('title')}>
        {(props) => <Input {...props} {...form.register('title')} maxLength={150} />}
      </Field>
      <Field label={t('post.fields.description')} error={errorOf('description')}>
        {(props) => <Textarea {...props} {...form.register('description')} rows={6} />}
      </Field>
      <Field label={t('post.fields.skills')} error={errorOf('skills_required')}>
        {(props) => <Input {...props} {...form.register('skills_required')} placeholder={t('post.fields.skills_placeholder')} />}
      </Field>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">{t('post.fields.project_type')}</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {jobTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" value={type} {...form.register('project_type')} className="size-4 accent-[var(--color-primary-strong)]" />
              {t(`job_types.${type}`)}
            </label>
          ))}
        </div>
        {errorOf('project_type') ? <p className="mt-1 text-sm text-red-600">{errorOf('project_type')}</p> : null}
      </fieldset>
    </Section>
  );
}

export function LocationSection({ form }: { form: PostJobForm }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const { errorOf, cascading } = useFormHelpers(form);
  const country = text(form.watch('country'));
  const emirate = text(form.watch('emirate'));
  return (
    <Section title={t('post.sections.location')}>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t('post.fields.country')} error={errorOf('country')}>
          {(props) => <OptionSelect {...props} {...cascading('country')} placeholder={t('choose')} options={countryOptions(language)} />}
        </Field>
        <Field label={regionLabelOf(country, language)} error={errorOf('emirate')}>
          {(props) => (
            <OptionSelect {...props} {...cascading('emirate')} placeholder={t('choose')} options={regionOptions(country, language)} />
          )}
        </Field>
        <Field label={t('post.fields.city')} error={errorOf('city')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...form.register('city')}
              disabled={!emirate}
              placeholder={t('choose')}
              options={cityOptions(country, emirate, language)}
            />
          )}
        </Field>
      </div>
      <Field label={t('post.fields.address')} error={errorOf('address')}>
        {(props) => <Input {...props} {...form.register('address')} autoComplete="street-address" />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox form={form} field="location_required" label={t('post.fields.location_required')} />
        <Checkbox form={form} field="allow_remote" label={t('post.fields.allow_remote')} />
      </div>
    </Section>
  );
}

export function CategorySection({ form }: { form: PostJobForm }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const reference = useReferenceOptions();
  const { errorOf, cascading } = useFormHelpers(form);
  const isLocalService = form.watch('industry_category') === LOCAL_SERVICES_INDUSTRY_ID;
  const category = text(form.watch('local_service_category'));
  return (
    <Section title={t('post.sections.category')}>
      <Field label={t('post.fields.industry')} error={errorOf('industry_category')}>
        {(props) => (
          <OptionSelect {...props} {...cascading('industry_category')} placeholder={t('choose')} options={reference.industries} />
        )}
      </Field>
      {isLocalService ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('post.fields.local_service_category')} error={errorOf('local_service_category')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...cascading('local_service_category')}
                placeholder={t('choose')}
                options={localServiceOptions(language)}
              />
            )}
          </Field>
          <Field label={t('post.fields.local_service_subcategory')} error={errorOf('local_service_subcategory')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...form.register('local_service_subcategory')}
                disabled={!category}
                placeholder={t('choose')}
                options={subserviceOptions(category, language)}
              />
            )}
          </Field>
        </div>
      ) : null}
    </Section>
  );
}
