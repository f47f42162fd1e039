import { zodResolver } from '@hookform/resolvers/zod';
import { expressInterestSchema, type ExpressInterestInput, type JobType } from '@mihna/shared';
import { Hand } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { DEFAULT_DURATION, interestDurations, useDurationLabel } from '../../../lib/durations.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useExpressInterest } from '../api/express-interest.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { currencySymbol, languageOf } from '../../../lib/format.ts';

type InterestValues = z.output<typeof expressInterestSchema>;
const emptyInterest: ExpressInterestInput = {
  message: '',
  proposed_rate: '',
  availability_start: '',
  estimated_duration: DEFAULT_DURATION,
};
/** Refusals whose detail tells the professional why (already expressed, cash in another emirate, no longer open). */
const explainedStatuses = [403, 409, 422] as const;

/** Express Interest: a short optional note, rate, start date and duration; once sent it cannot be sent again. */
export function ExpressInterest({
  jobId,
  jobType,
  currency,
  hasExpressed,
}: {
  jobId: string;
  jobType: JobType;
  currency: string;
  hasExpressed: boolean;
}) {
  const { t, i18n } = useTranslation('projects');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const expressInterest = useExpressInterest(jobId);
  const durationLabel = useDurationLabel();
  const [isOpen, setOpen] = useState(false);
  const form = useForm<ExpressInterestInput, unknown, InterestValues>({
    resolver: zodResolver(expressInterestSchema),
    defaultValues: emptyInterest,
  });
  const isDone = hasExpressed || expressInterest.isSuccess;
  const submit = form.handleSubmit((values) => expressInterest.mutate(values, { onSuccess: () => setOpen(false) }));

  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        className="w-full"
        disabled={isDone}
        onClick={() => {
          expressInterest.reset();
          setOpen(true);
        }}
      >
        <Hand className="size-4" aria-hidden="true" />
        {isDone ? t('interest.expressed') : t('interest.button')}
      </Button>
      {expressInterest.isSuccess ? <Alert tone="success">{t('interest.success')}</Alert> : null}
      <Dialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('interest.title')}
        description={t('interest.description')}
        closeLabel={t('close')}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <Field label={t('interest.message')} error={translate(form.formState.errors.message?.message)}>
            {(props) => <Textarea {...props} {...form.register('message')} rows={3} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t(jobType === 'hourly' ? 'interest.rate' : 'interest.price', {
                currency: currencySymbol(currency, languageOf(i18n.language)),
              })}
              error={translate(form.formState.errors.proposed_rate?.message)}
            >
              {(props) => <NumberInput {...props} {...form.register('proposed_rate')} />}
            </Field>
            <Field label={t('interest.availability_start')} error={translate(form.formState.errors.availability_start?.message)}>
              {(props) => <Input {...props} {...form.register('availability_start')} type="date" />}
            </Field>
          </div>
          <Field label={t('interest.duration')} error={translate(form.formState.errors.estimated_duration?.message)}>
            {(props) => (
              <Select {...props} {...form.register('estimated_duration')}>
                {interestDurations.map((duration) => (
                  <option key={duration} value={duration}>
                    {durationLabel(duration)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {expressInterest.isError ? (
            <Alert tone="error">{serverMessage(expressInterest.error, t('interest.failed'), { statuses: explainedStatuses })}</Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={expressInterest.isPending}>
            {expressInterest.isPending ? t('interest.sending') : t('interest.send')}
          </Button>
        </form>
      </Dialog>
    </div>
  );
}
