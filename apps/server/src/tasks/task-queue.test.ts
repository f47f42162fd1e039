import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openPostgres, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { createTaskQueue, type Task, type TaskQueue } from './task-queue.ts';

const logger = pino({ level: 'silent' });
const opened: Array<{ queue: TaskQueue; database?: Database }> = [];

afterEach(async () => {
  for (const { queue } of opened.splice(0).reverse()) await queue.stop(2_000);
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function queueOn(database: Database, tasks: Task[]) {
  const queue = createTaskQueue({ database, logger, tasks });
  opened.push({ queue });
  return queue;
}

describe('the task queue', () => {
  it('runs a task sent once exactly once, though two processes work the queue', async () => {
    const database = await openTestDatabase();
    // A second process: on PostgreSQL its own pool on the same database; PGlite has one process, so a second queue in it.
    const other = database.url ? await openPostgres(database.url, { max: 3 }) : database;
    let runs = 0;
    const task: Task = {
      name: 'test.count',
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    };
    const first = queueOn(database, [task]);
    const second = queueOn(other, [{ ...task }]);
    await first.work({ pollingIntervalSeconds: 0.5 });
    await second.work({ pollingIntervalSeconds: 0.5 });
    const sent = 5;
    // Sent one after another, each after the last has run: every one is a separate run of the task.
    for (let index = 0; index < sent; index += 1) {
      await first.send('test.count');
      await until(() => runs === index + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toBe(sent);
    const [summary] = await first.summaries();
    expect(summary).toMatchObject({ name: 'test.count', dead: 0 });
    await second.stop(2_000);
    if (other !== database) await other.close();
    await first.stop(2_000);
    await database.close();
  }, 60_000);

  it('retries a failing task, keeps it as dead once its retries are spent, and sends it back on request', async () => {
    const database = await openTestDatabase();
    let attempts = 0;
    let isBroken = true;
    const queue = queueOn(database, [
      {
        name: 'test.flaky',
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async () => {
          attempts += 1;
          if (isBroken) throw new Error('the provider refused the connection');
        },
      },
    ]);
    await queue.work({ pollingIntervalSeconds: 0.5 });
    await queue.send('test.flaky');
    // The first attempt, one retry a second or two later, then dead.
    await until(async () => (await queue.dead()).length === 1, 30_000);
    expect(attempts).toBe(2);
    const [dead] = await queue.dead();
    expect(dead).toMatchObject({ name: 'test.flaky', error: 'the provider refused the connection', attempts: 2 });
    expect((await queue.summaries())[0]).toMatchObject({ name: 'test.flaky', dead: 1 });

    expect(await queue.retryDead('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await queue.retryDead('not-an-id')).toBeUndefined();
    isBroken = false;
    expect(await queue.retryDead(dead!.id)).toMatchObject({ id: dead!.id, name: 'test.flaky' });
    await until(() => attempts === 3);
    await until(async () => (await queue.dead()).length === 0);
    await queue.stop(2_000);
    await database.close();
  }, 120_000);
});
