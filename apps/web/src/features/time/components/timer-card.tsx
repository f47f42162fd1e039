import { MAX_ENTRY_SECONDS, messages, type ActiveEntry, type JobCard } from '@mihna/shared';
import { Play, Square } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useStartTimer, useStopTimer } from '../api/time.ts';
import { clockText, useElapsedSeconds } from './use-elapsed.ts';

const card = 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6';

/** The timer: a job and a description to start it; while it runs, the clock and Stop (§2 Time tracker). */
export function TimerCard({ jobs, active }: { jobs: JobCard[]; active: ActiveEntry | null }) {
  return active ? <RunningTimer key={active.id} entry={active} /> : <StartTimer jobs={jobs} />;
}

function StartTimer({ jobs }: { jobs: JobCard[] }) {
  const { t } = useTranslation('time');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const start = useStartTimer();
  const [jobId, setJobId] = useState(jobs.length === 1 ? jobs[0]!.id : '');
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState<{ job?: boolean; description?: boolean }>({});
  const required = translate(messages.required) ?? messages.required;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { job: !jobId, description: !description.trim() };
    setMissing(problems);
    if (problems.job || problems.description) return;
    start.mutate({ job_id: jobId, description: description.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className={`${card} space-y-4`} aria-label={t('timer')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('job')} error={missing.job ? required : undefined}>
          {(field) => (
            <OptionSelect
              {...field}
              name="job_id"
              value={jobId}
              onChange={(event) => setJobId(event.target.value)}
              placeholder={t('choose_job')}
              options={jobs.map((job) => ({ value: job.id, label: job.title }))}
            />
          )}
        </Field>
        <DescriptionField value={description} onChange={setDescription} isMissing={Boolean(missing.description)} />
      </div>
      {start.isError && <Alert tone="error">{serverMessage(start.error, t('start_failed'))}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-3xl font-semibold tabular-nums text-slate-400" dir="ltr" aria-label={t('clock_label')}>
          {clockText(0)}
        </p>
        <Button type="submit" disabled={start.isPending}>
          <Play className="size-4" aria-hidden="true" />
          {start.isPending ? t('starting') : t('start')}
        </Button>
      </div>
    </form>
  );
}

function RunningTimer({ entry }: { entry: ActiveEntry }) {
  const { t } = useTranslation('time');
  const serverMessage = useServerMessage();
  const stop = useStopTimer();
  // The server ends a timer at its limit: the clock stops there too.
  const seconds = Math.min(useElapsedSeconds(entry.start_time), MAX_ENTRY_SECONDS);
  const [description, setDescription] = useState(entry.description);
  const [isMissing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!description.trim());
    if (description.trim()) stop.mutate({ id: entry.id, description: description.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className={`${card} space-y-4 ring-2 ring-emerald-300`} aria-label={t('timer')}>
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
        {t('running_on', { job: `\u2068${entry.job_title}\u2069` })}
      </p>
      <DescriptionField value={description} onChange={setDescription} isMissing={isMissing} />
      {stop.isError && <Alert tone="error">{serverMessage(stop.error, t('stop_failed'))}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-3xl font-semibold tabular-nums text-slate-950" dir="ltr" role="timer" aria-label={t('clock_label')}>
          {clockText(seconds)}
        </p>
        <Button type="submit" variant="danger" disabled={stop.isPending}>
          <Square className="size-4" aria-hidden="true" />
          {stop.isPending ? t('stopping') : t('stop')}
        </Button>
      </div>
    </form>
  );
}

/** The task's description, required to start and to stop; it keeps the direction of what is typed. */
function DescriptionField({ value, onChange, isMissing }: { value: string; onChange: (value: string) => void; isMissing: boolean }) {
  const { t } = useTranslation('time');
  const translate = useValidationMessage();
  return (
    <Field label={t('description')} error={isMissing ? (translate(messages.required) ?? messages.required) : undefined}>
      {(field) => (
        <Input
          {...field}
          name="description"
          dir="auto"
          value={value}
          maxLength={500}
          placeholder={t('description_placeholder')}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
