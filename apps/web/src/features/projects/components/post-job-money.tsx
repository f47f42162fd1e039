import { FEATURED_DAYS, featuredFeeMinimum, formatMoney, paymentMethods } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input } from '../../../components/ui/field.tsx';
import { languageOf } from '../../../lib/format.ts';
import { currencyOfForm, isCashAllowed, liveFeaturedFee } from '../lib/post-job-rules.ts';
import { Checkbox, Section, text, useFormHelpers, type PostJobForm } from './post-job-fields.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';

export function BudgetSection({ form }: { form: PostJobForm }) {
  const { t } = useTranslation('projects');
  const { errorOf } = useFormHelpers(form);
  const currency = currencyOfForm(text(form.watch('country')));
  // An hourly project's budget is a rate: its fields say per hour.
  const isHourly = form.watch('project_type') === 'hourly';
  return (
    <Section title={t('post.sections.budget')}>
      {isHourly ? <p className="text-sm text-slate-600">{t('post.hourly_budget_hint')}</p> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t(isHourly ? 'post.fields.rate_min' : 'post.fields.budget_min', { currency })} error={errorOf('budget_min')}>
          {(props) => <NumberInput {...props} {...form.register('budget_min')} />}
        </Field>
        <Field label={t(isHourly ? 'post.fields.rate_max' : 'post.fields.budget_max', { currency })} error={errorOf('budget_max')}>
          {(props) => <NumberInput {...props} {...form.register('budget_max')} />}
        </Field>
        <Field label={t('post.fields.start_date')} error={errorOf('start_date')}>
          {(props) => <Input {...props} {...form.register('start_date')} type="date" />}
        </Field>
        <Field label={t('post.fields.deadline')} error={errorOf('deadline')}>
          {(props) => <Input {...props} {...form.register('deadline')} type="date" />}
        </Field>
      </div>
    </Section>
  );
}

export function PaymentSection({ form, canFeature }: { form: PostJobForm; canFeature: boolean }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const { errorOf } = useFormHelpers(form);
  const isCashPossible = isCashAllowed({ emirate: text(form.watch('emirate')) });
  const country = text(form.watch('country'));
  // Outside the UAE a country's first-level places are regions, governorates or municipalities.
  const isUae = country === '' || country === 'AE';
  const currency = currencyOfForm(country);
  const fee = liveFeaturedFee(text(form.watch('budget_min')), text(form.watch('budget_max')), currency);
  const minimumFee = featuredFeeMinimum(currency);
  return (
    <Section title={t('post.sections.payment')}>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">{t('post.fields.payment_method')}</legend>
        <div className="mt-2 space-y-2">
          {paymentMethods.map((method) => (
            <label key={method} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value={method}
                {...form.register('payment_method')}
                disabled={method === 'cash' && !isCashPossible}
                className="mt-0.5 size-4 accent-[var(--color-primary-strong)]"
              />
              <span className={method === 'cash' && !isCashPossible ? 'text-slate-400' : undefined}>
                {t(method === 'cash' && !isUae ? 'post.payment_methods_region.cash' : `post.payment_methods.${method}`)}
              </span>
            </label>
          ))}
        </div>
        {!isCashPossible ? (
          <p className="mt-2 text-xs text-slate-500">{t(isUae ? 'post.cash_needs_emirate' : 'post.cash_needs_region')}</p>
        ) : null}
        {errorOf('payment_method') ? <p className="mt-1 text-sm text-red-600">{errorOf('payment_method')}</p> : null}
      </fieldset>
      {canFeature ? (
        <div className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <Checkbox
            form={form}
            field="is_featured"
            label={t('post.fields.is_featured')}
            hint={
              <>
                {t('post.featured_explained', { days: FEATURED_DAYS, minimum: formatMoney(minimumFee, language) })}{' '}
                <strong className="font-semibold text-slate-900" aria-live="polite">
                  {fee === null ? t('post.featured_fee_pending') : t('post.featured_fee', { fee: formatMoney(fee, language) })}
                </strong>
              </>
            }
          />
        </div>
      ) : null}
      <Checkbox form={form} field="is_urgent" label={t('post.fields.is_urgent')} hint={t('post.urgent_explained')} />
    </Section>
  );
}
