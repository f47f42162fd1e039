import { zodResolver } from '@hookform/resolvers/zod';
import { jobCreationSchema, type JobCreation, type JobCreationInput, type JobDetail } from '@mihna/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { validateContent } from '../api/validate-content.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { BudgetSection, PaymentSection } from './post-job-money.tsx';
import { CategorySection, DetailsSection, LocationSection } from './post-job-sections.tsx';

const fieldNames = [
  'title',
  'description',
  'skills_required',
  'project_type',
  'budget_min',
  'budget_max',
  'start_date',
  'deadline',
  'country',
  'emirate',
  'region',
  'city',
  'industry_category',
  'local_service_category',
  'local_service_subcategory',
  'payment_method',
  'is_featured',
  'is_urgent',
  'location_required',
  'allow_remote',
  'address',
] as const;

const CONTENT_CHECK_LIMIT = 10_000;

export const emptyJob: JobCreationInput = {
  title: '',
  description: '',
  skills_required: '',
  project_type: 'hourly',
  budget_min: '',
  budget_max: '',
  start_date: '',
  deadline: '',
  country: 'AE',
  emirate: '',
  city: '',
  address: '',
  industry_category: '',
  local_service_category: '',
  local_service_subcategory: '',
  payment_method: 'escrow',
  is_featured: false,
  is_urgent: false,
  location_required: false,
  allow_remote: false,
};

/** A project as the form holds it, to edit: every field as it was posted. */
export const jobToFormValues = (job: JobDetail): JobCreationInput => ({
  title: job.title,
  description: job.description,
  skills_required: job.skills_required.join(', '),
  project_type: job.project_type,
  budget_min: String(job.budget_min),
  budget_max: String(job.budget_max),
  start_date: job.start_date ?? '',
  deadline: job.deadline ?? '',
  country: job.country,
  emirate: job.region ?? '',
  city: job.city ?? '',
  address: job.address ?? '',
  industry_category: job.industry_category ?? '',
  local_service_category: job.local_service_category ?? '',
  local_service_subcategory: job.local_service_subcategory ?? '',
  payment_method: job.payment_method,
  is_featured: false,
  is_urgent: job.is_urgent,
  location_required: job.location_required,
  allow_remote: job.allow_remote,
});

interface PostJobFormProps<T> {
  /** Posting starts empty; an edit starts from the project as it is. */
  defaultValues?: JobCreationInput;
  /** The call that stores the project: POST for a new one, PUT for an edit. */
  mutation: UseMutationResult<T, Error, JobCreation>;
  onDone: (result: T) => void;
  /** The text was refused as a serious violation, by the content check or by the server. */
  onRefused: () => void;
  /** An edit: the featured option (a payment) is not part of it. */
  isEdit?: boolean;
}

/** Every field of a project, for posting or editing; the text is checked before it is sent, and again by the server. */
export function PostJobForm<T>({ defaultValues = emptyJob, mutation, onDone, onRefused, isEdit = false }: PostJobFormProps<T>) {
  const { t } = useTranslation('projects');
  const serverMessage = useServerMessage();
  const [isChecking, setChecking] = useState(false);
  const form = useForm<JobCreationInput, unknown, JobCreation>({ resolver: zodResolver(jobCreationSchema), defaultValues });

  const submit = form.handleSubmit(async (job) => {
    setChecking(true);
    const check = await validateContent(`${job.title}\n${job.description}`.slice(0, CONTENT_CHECK_LIMIT), 'job');
    setChecking(false);
    if (check.severity === 'severe') return onRefused();
    mutation.mutate(job, {
      onSuccess: onDone,
      onError: (error) => {
        applyFieldErrors(error, form.setError, fieldNames);
        if (error instanceof ApiError && error.code === 'content_refused') onRefused();
      },
    });
  });
  const isBusy = isChecking || mutation.isPending;
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-8">
      <DetailsSection form={form} />
      <LocationSection form={form} />
      <CategorySection form={form} />
      <BudgetSection form={form} />
      <PaymentSection form={form} canFeature={!isEdit} />
      {hasErrors ? <Alert tone="error">{t('post.check_fields')}</Alert> : null}
      {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 422) ? (
        <Alert tone="error">{serverMessage(mutation.error, isEdit ? t('edit.failed') : t('post.failed'))}</Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={isBusy} className="w-full sm:w-auto">
          {isEdit ? (isBusy ? t('edit.submitting') : t('edit.submit')) : isBusy ? t('post.submitting') : t('post.submit')}
        </Button>
      </div>
    </form>
  );
}
