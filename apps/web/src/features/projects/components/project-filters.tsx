import { jobSorts, jobTypes } from '@mihna/shared';
import { Search, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { languageOf } from '../../../lib/format.ts';
import { countryOptions, localServiceOptions, regionLabelOf, regionOptions, subserviceOptions } from '../../../lib/places.ts';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { filterCurrency, hasPoint, isLocalServices, type FilterField, type ProjectFilters } from '../lib/search-filters.ts';
import { NearbyControl } from './nearby-control.tsx';

interface ProjectFiltersProps {
  filters: ProjectFilters;
  /** What the server refused, by filter (its words, untranslated). */
  errors?: Partial<Record<FilterField, string>> | null;
  onChange: (field: FilterField, value: string) => void;
  /** Sets a point to search around, or several filters at once. */
  onPlace: (point: Partial<ProjectFilters>) => void;
  onSearch: () => void;
  onClear: () => void;
}

/** The project search's controls; one column on a phone, up to four on a wide screen. */
export function ProjectFiltersPanel({ filters, errors, onChange, onPlace, onSearch, onClear }: ProjectFiltersProps) {
  const { t, i18n } = useTranslation('projects');
  const translate = useValidationMessage();
  const errorOf = (field: FilterField) => translate(errors?.[field]);
  const language = languageOf(i18n.language);
  const reference = useReferenceOptions();
  const currency = filterCurrency(filters);
  const bind = (field: FilterField) => ({
    value: filters[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const allRegions =
    filters.country === '' ? t('filters.all_emirates_uae') : filters.country === 'AE' ? t('filters.all_emirates') : t('filters.all');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={submit}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <div className="col-span-2">
          <Field label={t('filters.search')} error={errorOf('q')}>
            {(props) => <Input {...props} {...bind('q')} type="search" maxLength={200} placeholder={t('filters.search_placeholder')} />}
          </Field>
        </div>
        <div className="col-span-2">
          <Field label={t('filters.skills')} error={errorOf('skills')}>
            {(props) => <Input {...props} {...bind('skills')} placeholder={t('filters.skills_placeholder')} />}
          </Field>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field label={t('filters.project_type')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...bind('job_type')}
                placeholder={t('filters.all')}
                options={jobTypes.map((type) => ({ value: type, label: t(`job_types.${type}`) }))}
              />
            )}
          </Field>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field label={t('filters.country')} error={errorOf('country')}>
            {(props) => (
              <OptionSelect {...props} {...bind('country')} placeholder={t('filters.all_countries')} options={countryOptions(language)} />
            )}
          </Field>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field label={regionLabelOf(filters.country, language)} error={errorOf('region')}>
            {(props) => (
              <OptionSelect {...props} {...bind('region')} placeholder={allRegions} options={regionOptions(filters.country, language)} />
            )}
          </Field>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field label={t('filters.industry')} error={errorOf('industry_category')}>
            {(props) => (
              <OptionSelect
                {...props}
                {...bind('industry_category')}
                placeholder={t('filters.all_industries')}
                options={reference.industries}
              />
            )}
          </Field>
        </div>
        {isLocalServices(filters) ? (
          <>
            <div className="col-span-2 sm:col-span-1">
              <Field label={t('filters.local_service_category')}>
                {(props) => (
                  <OptionSelect
                    {...props}
                    {...bind('local_service_category')}
                    placeholder={t('filters.all_categories')}
                    options={localServiceOptions(language)}
                  />
                )}
              </Field>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <Field label={t('filters.local_service_subcategory')}>
                {(props) => (
                  <OptionSelect
                    {...props}
                    {...bind('local_service_subcategory')}
                    disabled={!filters.local_service_category}
                    placeholder={t('filters.all_services')}
                    options={subserviceOptions(filters.local_service_category, language)}
                  />
                )}
              </Field>
            </div>
          </>
        ) : null}
        <Field label={t('filters.min_budget')} error={errorOf('min_budget')}>
          {(props) => <NumberInput {...props} {...bind('min_budget')} placeholder={currency} />}
        </Field>
        <Field label={t('filters.max_budget')} error={errorOf('max_budget')}>
          {(props) => <NumberInput {...props} {...bind('max_budget')} placeholder={currency} />}
        </Field>
        <div className="col-span-2 sm:col-span-1">
          <NearbyControl
            filters={filters}
            error={errorOf('radius_km') ?? errorOf('near_lat') ?? errorOf('near_lng')}
            onChange={onChange}
            onPlace={onPlace}
          />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field label={t('filters.sort')}>
            {(props) => (
              <Select {...props} {...bind('sort_by')}>
                {jobSorts
                  .filter((sort) => sort !== 'distance' || hasPoint(filters))
                  .map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`sorts.${sort}`)}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          {t('filters.clear')}
        </Button>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          {t('filters.submit')}
        </Button>
      </div>
    </form>
  );
}
