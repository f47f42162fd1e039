import { messages, type JobCard } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useAddManualEntry } from '../api/time.ts';

const blank = { jobId: '', date: '', start: '', end: '', description: '', reason: '' };
type Draft = typeof blank;

/** Time worked away from the timer: a project, a day with its start and end (the device's clock), what was done and why by hand. */
export function ManualEntryDialog({
  isOpen,
  onClose,
  jobs,
  onDone,
}: {
  isOpen: boolean;
  onClose: () => void;
  jobs: JobCard[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('time');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const add = useAddManualEntry();
  const [draft, setDraft] = useState<Draft>({ ...blank, jobId: jobs.length === 1 ? jobs[0]!.id : '' });
  const [missing, setMissing] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const required = translate(messages.required) ?? messages.required;
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const errorOf = (key: keyof Draft) => (missing[key] ? required : undefined);
  const close = () => {
    setFailure(null);
    setMissing({});
    onClose();
  };

  const submit = () => {
    const problems = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, !value.trim()])) as Record<keyof Draft, boolean>;
    setMissing(problems);
    if (Object.values(problems).some(Boolean)) return;
    // The day and times as the device's clock reads them, sent as instants.
    const at = (time: string) => new Date(`${draft.date}T${time}`).toISOString();
    add.mutate(
      {
        job_id: draft.jobId,
        description: draft.description.trim(),
        start_time: at(draft.start),
        end_time: at(draft.end),
        reason: draft.reason.trim(),
      },
      {
        onSuccess: () => {
          setDraft({ ...blank, jobId: draft.jobId });
          close();
          onDone(t('manual_entry.added'));
        },
        onError: (error) => setFailure(serverMessage(error, t('manual_entry.failed'))),
      },
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      title={t('manual_entry.title')}
      description={t('manual_entry.text')}
      closeLabel={t('manual_entry.close')}
      cancelLabel={t('manual_entry.cancel')}
      submitLabel={t('manual_entry.submit')}
      isPending={add.isPending}
      failure={failure}
      onSubmit={submit}
    >
      <Field label={t('job')} error={errorOf('jobId')}>
        {(field) => (
          <OptionSelect
            {...field}
            value={draft.jobId}
            onChange={set('jobId')}
            placeholder={t('choose_job')}
            options={jobs.map((job) => ({ value: job.id, label: job.title }))}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('manual_entry.date')} error={errorOf('date')}>
          {(field) => <Input {...field} type="date" value={draft.date} onChange={set('date')} />}
        </Field>
        <Field label={t('manual_entry.start')} error={errorOf('start')}>
          {(field) => <Input {...field} type="time" value={draft.start} onChange={set('start')} />}
        </Field>
        <Field label={t('manual_entry.end')} error={errorOf('end')}>
          {(field) => <Input {...field} type="time" value={draft.end} onChange={set('end')} />}
        </Field>
      </div>
      <Field label={t('description')} error={errorOf('description')}>
        {(field) => <Input {...field} dir="auto" value={draft.description} maxLength={500} onChange={set('description')} />}
      </Field>
      <Field label={t('manual_entry.reason')} error={errorOf('reason')}>
        {(field) => <Textarea {...field} dir="auto" rows={3} value={draft.reason} maxLength={1000} onChange={set('reason')} />}
      </Field>
    </FormDialog>
  );
}
