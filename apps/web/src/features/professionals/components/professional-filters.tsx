import { findCountry, LOCAL_SERVICES_INDUSTRY_ID, professionalSorts } from '@mihna/shared';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { languageOf } from '../../../lib/format.ts';
import { countryOptions, localServiceOptions, regionOptions, subserviceOptions } from '../../../lib/places.ts';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { rateCurrency, type ProfessionalFilters, type ProfessionalSort } from '../search-filters.ts';

/** The filters typed in or chosen from a list, bound the same way. */
type TextField = Exclude<keyof ProfessionalFilters, 'sort_by' | 'show_location' | 'identity_verified'>;
type Change = <K extends keyof ProfessionalFilters>(name: K, value: ProfessionalFilters[K]) => void;

interface ProfessionalFiltersFormProps {
  filters: ProfessionalFilters;
  /** What the server refused, by filter (its words, untranslated). */
  errors?: Partial<Record<keyof ProfessionalFilters, string>> | null;
  onChange: Change;
  onSearch: () => void;
  onClear: () => void;
}

export function ProfessionalFiltersForm({ filters, errors, onChange, onSearch, onClear }: ProfessionalFiltersFormProps) {
  const { t, i18n } = useTranslation('professionals');
  const translate = useValidationMessage();
  const errorOf = (field: keyof ProfessionalFilters) => translate(errors?.[field]);
  const language = languageOf(i18n.language);
  const reference = useReferenceOptions();
  const currency = rateCurrency(filters);
  const isLocalService = filters.industry_category === LOCAL_SERVICES_INDUSTRY_ID;
  const country = findCountry(filters.country);
  const regionLabel = country?.code === 'AE' ? t('filters.emirate') : country?.regionLabel[language];
  const subservices = subserviceOptions(filters.local_service_category, language);
  const bind = (field: TextField) => ({
    value: filters[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch();
  }

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={submit}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Field label={t('filters.search')} error={errorOf('q')}>
            {(props) => <Input {...props} type="search" maxLength={200} {...bind('q')} placeholder={t('filters.search_placeholder')} />}
          </Field>
        </div>
        <Field label={t('filters.skills')} error={errorOf('skills')}>
          {(props) => <Input {...props} {...bind('skills')} placeholder={t('filters.skills_placeholder')} />}
        </Field>
        <Field label={t('filters.sort')}>
          {(props) => (
            <Select {...props} value={filters.sort_by} onChange={(event) => onChange('sort_by', event.target.value as ProfessionalSort)}>
              {professionalSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`filters.sorts.${sort}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.country')} error={errorOf('country')}>
          {(props) => (
            <OptionSelect {...props} {...bind('country')} options={countryOptions(language)} placeholder={t('filters.all_countries')} />
          )}
        </Field>
        {country && regionLabel ? (
          <Field label={regionLabel} error={errorOf('region')}>
            {(props) => (
              <OptionSelect {...props} {...bind('region')} options={regionOptions(country.code, language)} placeholder={t('filters.any')} />
            )}
          </Field>
        ) : null}
        <div className="grid grid-cols-2 gap-4 sm:col-span-2">
          <Field label={t('filters.min_rate')} error={errorOf('min_rate')}>
            {(props) => <NumberInput {...props} {...bind('min_rate')} placeholder={currency} />}
          </Field>
          <Field label={t('filters.max_rate')} error={errorOf('max_rate')}>
            {(props) => <NumberInput {...props} {...bind('max_rate')} placeholder={currency} />}
          </Field>
        </div>
        <Field label={t('filters.industry')} error={errorOf('industry_category')}>
          {(props) => (
            <OptionSelect
              {...props}
              {...bind('industry_category')}
              options={reference.industries}
              placeholder={t('filters.all_industries')}
            />
          )}
        </Field>
        {isLocalService ? (
          <>
            <Field label={t('filters.service_category')}>
              {(props) => (
                <OptionSelect
                  {...props}
                  {...bind('local_service_category')}
                  options={localServiceOptions(language)}
                  placeholder={t('filters.any')}
                />
              )}
            </Field>
            <Field label={t('filters.service_subcategory')}>
              {(props) => (
                <OptionSelect
                  {...props}
                  {...bind('local_service_subcategory')}
                  options={subservices}
                  placeholder={t('filters.any')}
                  disabled={subservices.length === 0}
                />
              )}
            </Field>
          </>
        ) : null}
      </div>
      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {(['identity_verified', 'show_location'] as const).map((flag) => (
            <label key={flag} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={filters[flag]}
                onChange={(event) => onChange(flag, event.target.checked)}
                className="mt-0.5 size-4 accent-[var(--color-primary-strong)]"
              />
              {t(`filters.${flag}`)}
            </label>
          ))}
        </div>
        <div className="flex gap-3">
          <Button type="button" variant="secondary" onClick={onClear} className="flex-1 sm:flex-none">
            {t('filters.clear')}
          </Button>
          <Button type="submit" className="flex-1 sm:flex-none">
            <Search className="size-4" aria-hidden="true" />
            {t('filters.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
