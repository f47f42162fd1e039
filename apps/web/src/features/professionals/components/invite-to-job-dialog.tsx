import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Select, Textarea } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useInviteToJob, useOpenJobs } from '../api/invite-to-job.ts';

const MESSAGE_LIMIT = 1000;

interface InviteToJobDialogProps {
  professionalId: string;
  professionalName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** An employer invites this professional to one of their open projects, with an optional note. */
export function InviteToJobDialog({ professionalId, professionalName, isOpen, onOpenChange }: InviteToJobDialogProps) {
  const { t } = useTranslation('professionals');
  const translate = useValidationMessage();
  const jobs = useOpenJobs(isOpen);
  const invite = useInviteToJob(professionalId);
  const [jobId, setJobId] = useState('');
  const [message, setMessage] = useState('');
  const chosenJob = jobId || jobs.data?.[0]?.id || '';

  function close(isNowOpen: boolean) {
    onOpenChange(isNowOpen);
    if (isNowOpen) return;
    invite.reset();
    setJobId('');
    setMessage('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosenJob) invite.mutate({ jobId: chosenJob, message });
  }

  function body() {
    if (jobs.isPending) return <Spinner label={t('invite.loading')} className="py-8" />;
    if (jobs.isError) return <Alert tone="error">{t('invite.jobs_failed')}</Alert>;
    if (jobs.data.length === 0) {
      return (
        <div className="space-y-4 text-sm text-slate-700">
          <p>{t('invite.no_open_jobs')}</p>
          <Button asChild className="w-full">
            <Link to={paths.postJob}>{t('invite.post_job')}</Link>
          </Button>
        </div>
      );
    }
    if (invite.isSuccess) {
      return (
        <div className="space-y-4">
          <Alert tone="success">{translate(invite.data.message)}</Alert>
          <Button className="w-full" onClick={() => close(false)}>
            {t('invite.done')}
          </Button>
        </div>
      );
    }
    return (
      <form onSubmit={submit} className="space-y-5">
        <Field label={t('invite.project')}>
          {(props) => (
            <Select {...props} required value={chosenJob} onChange={(event) => setJobId(event.target.value)}>
              {jobs.data.map((job) => (
                <option key={job.id} value={job.id}>
                  {job.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('invite.message')}>
          {(props) => (
            <Textarea
              {...props}
              rows={4}
              maxLength={MESSAGE_LIMIT}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={t('invite.message_placeholder')}
            />
          )}
        </Field>
        {invite.isError ? (
          <Alert tone="error">{invite.error instanceof ApiError ? translate(invite.error.message) : t('invite.failed')}</Alert>
        ) : null}
        <Button type="submit" className="w-full" disabled={!chosenJob || invite.isPending}>
          {invite.isPending ? t('invite.sending') : t('invite.send')}
        </Button>
      </form>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title={t('invite.title')}
      // The name keeps its own direction inside a sentence in the other script.
      description={t('invite.description', { name: `\u2068${professionalName}\u2069` })}
      closeLabel={t('invite.close')}
    >
      {body()}
    </Dialog>
  );
}
