import { zodResolver } from '@hookform/resolvers/zod';
import { jobCreationSchema, type JobCreated, type JobCreation, type JobCreationInput } from '@mihna/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { useCreateJob } from '../api/create-job.ts';
import { validateContent } from '../api/validate-content.ts';
import { useServerMessage } from '../lib/server-message.ts';
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

interface PostJobFormProps {
  onCreated: (created: JobCreated) => void;
  /** The text was refused as a serious violation, by the content check or by the server. */
  onRefused: () => void;
}

/** Every creation field of a project; the text is checked before it is sent, and again by the server. */
export function PostJobForm({ onCreated, onRefused }: PostJobFormProps) {
  const { t } = useTranslation('projects');
  const serverMessage = useServerMessage();
  const createJob = useCreateJob();
  const [isChecking, setChecking] = useState(false);
  const form = useForm<JobCreationInput, unknown, JobCreation>({ resolver: zodResolver(jobCreationSchema), defaultValues: emptyJob });

  const submit = form.handleSubmit(async (job) => {
    setChecking(true);
    const check = await validateContent(`${job.title}\n${job.description}`.slice(0, CONTENT_CHECK_LIMIT), 'job');
    setChecking(false);
    if (check.severity === 'severe') return onRefused();
    createJob.mutate(job, {
      onSuccess: onCreated,
      onError: (error) => {
        applyFieldErrors(error, form.setError, fieldNames);
        if (error instanceof ApiError && JSON.stringify(error.body).includes('Serious Violation')) onRefused();
      },
    });
  });
  const isBusy = isChecking || createJob.isPending;
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-8">
      <DetailsSection form={form} />
      <LocationSection form={form} />
      <CategorySection form={form} />
      <BudgetSection form={form} />
      <PaymentSection form={form} />
      {hasErrors ? <Alert tone="error">{t('post.check_fields')}</Alert> : null}
      {createJob.isError && !(createJob.error instanceof ApiError && createJob.error.status === 422) ? (
        <Alert tone="error">{serverMessage(createJob.error, t('post.failed'))}</Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={isBusy} className="w-full sm:w-auto">
          {isBusy ? t('post.submitting') : t('post.submit')}
        </Button>
      </div>
    </form>
  );
}
