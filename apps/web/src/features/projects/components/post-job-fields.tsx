import type { JobCreation, JobCreationInput } from '@mihna/shared';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { cascadeChange, type CascadingValues } from '../lib/post-job-rules.ts';

export type PostJobForm = UseFormReturn<JobCreationInput, unknown, JobCreation>;
export type FieldName = keyof JobCreationInput;

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
const checkbox = 'mt-0.5 size-4 shrink-0 accent-[var(--color-primary-strong)]';

export function cascadingValues(form: PostJobForm): CascadingValues {
  const values = form.getValues();
  return {
    country: text(values.country),
    emirate: text(values.emirate),
    city: text(values.city),
    industry_category: text(values.industry_category),
    local_service_category: text(values.local_service_category),
    local_service_subcategory: text(values.local_service_subcategory),
    payment_method: values.payment_method === 'cash' ? 'cash' : 'escrow',
  };
}

export function useFormHelpers(form: PostJobForm) {
  const translate = useValidationMessage();
  return {
    errorOf: (field: FieldName) => translate(form.formState.errors[field]?.message),
    /** A select whose choice empties the fields that depended on the old choice. */
    cascading: (field: keyof CascadingValues) => {
      const registered = form.register(field);
      return {
        ...registered,
        onChange: async (event: ChangeEvent<HTMLSelectElement>) => {
          const patch = cascadeChange(field, event.target.value, cascadingValues(form));
          await registered.onChange(event);
          for (const [key, value] of Object.entries(patch)) form.setValue(key as keyof CascadingValues, value);
        },
      };
    },
  };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <h2 id={id} className="text-lg font-semibold text-slate-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Checkbox({ form, field, label, hint }: { form: PostJobForm; field: FieldName; label: string; hint?: ReactNode }) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input type="checkbox" {...form.register(field)} className={checkbox} />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="mt-0.5 block text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}
