import type { AdminTasksResponse } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDateTime, formatNumber, languageOf } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useRetryDeadTask, useTasks } from '../api/admin-api.ts';
import { panel } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';

type TaskRow = AdminTasksResponse['tasks'][number];
type DeadRow = AdminTasksResponse['dead'][number];

/** A task's name as staff read it: its own words, or its queue's name for one this console does not know yet. */
function useTaskName() {
  const { t } = useTranslation('admin');
  return (name: string) => t(`tasks.names.${name.replace(/[.-]/g, '_')}`, { defaultValue: name });
}

/**
 * Beyond the spec, Tasks: the background work the servers do on their own (automatic approvals, payout
 * resends, reminders, clean-up), each with when it runs and its runs waiting, running and dead. A dead
 * run spent its retries; staff read why and, once the cause is fixed, send it again (audit log).
 */
export function TasksTab() {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const tasks = useTasks();
  const taskName = useTaskName();
  const retry = useRetryDeadTask();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();

  const send = (run: DeadRow) =>
    retry.mutateAsync(run.id).then(
      ({ message }) => setNotice({ tone: 'success', text: translate(message) ?? message }),
      (failure: unknown) => setNotice({ tone: 'error', text: serverMessage(failure, t('tasks.retry_failed')) }),
    );

  const taskColumns: Column<TaskRow>[] = [
    {
      header: 'tasks.task',
      cell: (task) => (
        <>
          <span className="font-medium text-slate-950">{taskName(task.name)}</span>
          <span className="block font-mono text-xs text-slate-500" dir="ltr">
            {task.name}
          </span>
        </>
      ),
    },
    {
      header: 'tasks.schedule',
      cell: (task) => (task.schedule ? t(`tasks.schedules.${scheduleKey(task.schedule)}`, { cron: task.schedule }) : t('tasks.on_request')),
    },
    { header: 'tasks.queued', className: 'tabular-nums', cell: (task) => formatNumber(task.queued, language) },
    { header: 'tasks.active', className: 'tabular-nums', cell: (task) => formatNumber(task.active, language) },
    {
      header: 'tasks.dead',
      className: 'tabular-nums',
      cell: (task) => <span className={task.dead > 0 ? 'font-semibold text-red-700' : undefined}>{formatNumber(task.dead, language)}</span>,
    },
  ];
  const deadColumns: Column<DeadRow>[] = [
    { header: 'tasks.failed_at', className: 'whitespace-nowrap', cell: (run) => formatDateTime(run.failed_at, language) },
    { header: 'tasks.task', cell: (run) => taskName(run.task) },
    { header: 'tasks.attempts', className: 'tabular-nums', cell: (run) => formatNumber(run.attempts, language) },
    { header: 'tasks.error', className: 'max-w-96 break-words font-mono text-xs', dir: 'ltr', cell: (run) => run.error || '—' },
    {
      header: 'tasks.action',
      cell: (run) => (
        <Button size="sm" variant="secondary" disabled={retry.isPending} onClick={() => void send(run)}>
          {t('tasks.retry')}
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <section className={panel} aria-labelledby="tasks-list-title">
        <h2 id="tasks-list-title" className="mb-1 text-lg font-semibold text-slate-950">
          {t('tasks.list_title')}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('tasks.list_help')}</p>
        <DataTable columns={taskColumns} rows={tasks.data?.tasks} rowKey={(task) => task.name} load={tasks} empty={t('tasks.none')} />
      </section>
      <section className={panel} aria-labelledby="tasks-dead-title">
        <h2 id="tasks-dead-title" className="mb-1 text-lg font-semibold text-slate-950">
          {t('tasks.dead_title')}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('tasks.dead_help')}</p>
        <DataTable columns={deadColumns} rows={tasks.data?.dead} rowKey={(run) => run.id} load={tasks} empty={t('tasks.no_dead')} />
      </section>
    </div>
  );
}

/** The schedules the tasks use, by name; any other cron expression reads as itself. */
function scheduleKey(cron: string) {
  if (cron === '* * * * *') return 'every_minute';
  if (cron === '*/15 * * * *') return 'every_15_minutes';
  if (/^\d+ \* \* \* \*$/.test(cron)) return 'hourly';
  return 'other';
}
