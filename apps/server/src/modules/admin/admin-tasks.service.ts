import { adminMessages, type AdminTasksResponse } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TaskQueue } from '../../tasks/task-queue.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

/** Beyond the spec, the console's Tasks: each background task's runs, and the dead ones staff may send again. */
export function createAdminTasksService({ db, tasks, audit }: { db: Db; tasks: TaskQueue; audit: AdminsRepository }) {
  return {
    async overview(actor: AdminActor): Promise<AdminTasksResponse> {
      requirePermission(actor, 'run_operations');
      const [summaries, dead] = await Promise.all([tasks.summaries(), tasks.dead()]);
      return {
        tasks: summaries.map((task) => ({
          name: task.name,
          schedule: task.cron,
          queued: task.queued,
          active: task.active,
          dead: task.dead,
        })),
        dead: dead.map((run) => ({
          id: run.id,
          task: run.name,
          error: run.error,
          attempts: run.attempts,
          failed_at: run.failedAt.toISOString(),
          first_queued_at: run.firstQueuedAt.toISOString(),
        })),
      };
    },

    async retry(actor: AdminActor, id: string) {
      requirePermission(actor, 'run_operations');
      const run = await tasks.retryDead(id);
      if (!run) throw new AppError('not_found', adminMessages.deadTaskNotFound);
      await audit.insertAudit(
        auditEntry(actor, {
          action: 'task.retry',
          targetType: 'task',
          targetId: id,
          reason: null,
          before: { task: run.name, state: 'dead', attempts: run.attempts, error: run.error },
          after: { task: run.name, state: 'queued' },
        }),
        db,
      );
      return { message: adminMessages.deadTaskRetried };
    },
  };
}

export type AdminTasksService = ReturnType<typeof createAdminTasksService>;
