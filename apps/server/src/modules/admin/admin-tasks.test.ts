import { adminMessages, type AdminTasksResponse } from '@mihna/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTaskQueue, type TaskQueue } from '../../tasks/task-queue.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;
let support: TestAdmin;
let user: TestAccount;
/** A second worker on the same database whose run of a real task keeps failing, so that the console has a dead run to show. */
let failing: TaskQueue;

const asAdmin = (who: { token: string }, method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: bearer(who.token) });

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  support = await createAdmin(app, superAdmin, 'support_staff');
  user = await createUser(app);
  failing = createTaskQueue({
    database: app.services.database,
    logger: pino({ level: 'silent' }),
    tasks: [
      {
        name: 'payments.retry-events',
        retryLimit: 0,
        run: async () => {
          throw new Error('the payment provider did not answer');
        },
      },
    ],
  });
  await failing.work({ pollingIntervalSeconds: 0.5 });
  await failing.send('payments.retry-events');
  await until(async () => (await failing.dead()).length === 1);
  await failing.stop(1_000);
});
afterAll(() => app.close());

describe('the console’s background tasks', () => {
  it('are for admins with run_operations only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/tasks'],
      ['POST', '/api/admin/tasks/dead/00000000-0000-4000-8000-000000000000/retry'],
    ] as const) {
      expect((await asAdmin(support, method, url)).statusCode).toBe(403);
      expect((await asAdmin(user, method, url)).statusCode).toBe(401);
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('lists every task with its schedule and counts, and the dead run with its error', async () => {
    const response = await asAdmin(superAdmin, 'GET', '/api/admin/tasks');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminTasksResponse>();
    expect(body.tasks.map((task) => task.name)).toEqual([
      'payments.auto-approve',
      'timesheets.auto-approve',
      'reviews.release',
      'time.stop-overrunning',
      'payouts.resend',
      'messaging.email-unread',
      'delivery.send-due',
      'privacy.build-exports',
      'payments.retry-events',
      'maintenance.prune',
    ]);
    expect(body.tasks.find((task) => task.name === 'payments.auto-approve')).toMatchObject({ schedule: '*/15 * * * *', dead: 0 });
    expect(body.tasks.find((task) => task.name === 'payments.retry-events')).toMatchObject({ schedule: '* * * * *', dead: 1 });
    expect(body.dead).toEqual([
      expect.objectContaining({ task: 'payments.retry-events', error: 'the payment provider did not answer', attempts: 1 }),
    ]);
  });

  it('sends a dead run again, writes it in the audit log, and answers 404 for one that is not dead', async () => {
    const [dead] = (await asAdmin(superAdmin, 'GET', '/api/admin/tasks')).json<AdminTasksResponse>().dead;
    const retried = await asAdmin(superAdmin, 'POST', `/api/admin/tasks/dead/${dead!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ message: adminMessages.deadTaskRetried });
    const after = (await asAdmin(superAdmin, 'GET', '/api/admin/tasks')).json<AdminTasksResponse>();
    expect(after.dead).toEqual([]);
    const log = (await asAdmin(superAdmin, 'GET', '/api/admin/audit-log?limit=10')).json<{
      entries: { action: string; target_type: string; target_id: string; admin_email: string }[];
    }>();
    expect(log.entries[0]).toMatchObject({ action: 'task.retry', target_type: 'task', target_id: dead!.id, admin_email: superAdmin.email });

    for (const id of [dead!.id, 'not-a-run']) {
      const again = await asAdmin(superAdmin, 'POST', `/api/admin/tasks/dead/${id}/retry`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: adminMessages.deadTaskNotFound, code: 'not_found' });
    }
  });
});
