import type { JobDetail } from '@mihna/shared';
import { Lock, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useCloseJob, useReopenJob } from '../api/change-job.ts';
import { useServerMessage } from '../../../lib/server-message.ts';

/** The owner's controls: Edit and Close while the project is open, Reopen once closed. */
export function OwnerActions({ job }: { job: JobDetail }) {
  const { t } = useTranslation('projects');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const close = useCloseJob(job.id);
  const reopen = useReopenJob(job.id);
  const [isConfirmingClose, setConfirmingClose] = useState(false);
  // The last change's own words: after Close then Reopen, it is the reopening that is reported.
  const [done, setDone] = useState<string | null>(null);
  if (job.status !== 'open' && job.status !== 'closed') return null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {job.status === 'open' ? (
          <>
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.editProject(job.id)}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('owner.edit')}
              </Link>
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirmingClose(true)}>
              <Lock className="size-4" aria-hidden="true" />
              {t('owner.close')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            onClick={() => reopen.mutate(undefined, { onSuccess: (changed) => setDone(changed.message) })}
            disabled={reopen.isPending}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('owner.reopen')}
          </Button>
        )}
      </div>
      {done ? <Alert tone="success">{translate(done)}</Alert> : null}
      {job.status === 'closed' && !done ? <Alert tone="info">{t('owner.closed_note')}</Alert> : null}
      {reopen.isError ? <Alert tone="error">{serverMessage(reopen.error, t('owner.failed'))}</Alert> : null}
      <ConfirmDialog
        isOpen={isConfirmingClose}
        title={t('owner.close_title')}
        description={t('owner.close_text')}
        confirmLabel={t('owner.close')}
        cancelLabel={t('cancel')}
        isBusy={close.isPending}
        error={close.isError ? <Alert tone="error">{serverMessage(close.error, t('owner.failed'))}</Alert> : null}
        onCancel={() => setConfirmingClose(false)}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: (changed) => {
              setDone(changed.message);
              setConfirmingClose(false);
            },
          })
        }
      />
    </div>
  );
}
