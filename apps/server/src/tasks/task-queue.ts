import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * A piece of background or scheduled work. Each run of it happens once across every server process
 * on the database, is retried with backoff when it throws, and is kept as dead once its retries are
 * spent, for staff to read and send again from the console (decision 54).
 */
export interface Task {
  /** The task's queue, named after its module and what it does: `payments.auto-approve`. */
  name: string;
  /** When it runs by itself: a cron expression in UTC, evaluated once across all processes. */
  cron?: string;
  run(signal: AbortSignal): Promise<unknown>;
  /** How many times a failed run is tried again before it is dead (default 5, about 30 s, 1, 2, 4 and 8 min apart). */
  retryLimit?: number;
  /** The first wait before a retry, doubled (with jitter) for each one after it, up to an hour (default 30 s). */
  retryDelaySeconds?: number;
  /** How long one attempt may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

export interface TaskSummary {
  name: string;
  cron: string | null;
  queued: number;
  active: number;
  /** Runs that spent their retries and are kept as dead (90 days), until staff send them again. */
  dead: number;
}

export interface DeadTask {
  id: string;
  name: string;
  error: string;
  attempts: number;
  failedAt: Date;
  firstQueuedAt: Date;
}

/** Where a run that spent its retries goes: nobody works this queue, staff read it and send runs back. */
export const DEAD_TASKS = 'tasks.dead';
const SCHEMA = 'pgboss';
const DAY_SECONDS = 86_400;

/**
 * The job queue every background and scheduled task runs on: pg-boss, in its own schema of the
 * application's database (PostgreSQL, or PGlite through pg-boss's own adapter, in this process).
 * `install` creates its tables and the queues; `work` also starts this process's workers and
 * schedules, which only the serving process does (tests install to read it, or work it themselves).
 */
export function createTaskQueue({ database, logger, tasks }: { database: Database; logger: FastifyBaseLogger; tasks: Task[] }) {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema: SCHEMA, persistQueueStats: false })
      : // Its own small pool, so a burst of tasks never takes the connections requests need.
        new PgBoss({ connectionString: database.url!, schema: SCHEMA, max: 3, application_name: 'mihna-tasks' });
  boss.on('error', (error) => logger.error({ err: error }, 'task queue'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'task queue'));
  const byName = new Map(tasks.map((task) => [task.name, task]));
  let installed: Promise<void> | undefined;
  let isWorking = false;

  const queueOptions = (task: Task): Omit<Queue, 'name'> => ({
    // At most one run waiting and one running: a task that overruns its schedule does not pile up runs.
    policy: 'stately',
    retryLimit: task.retryLimit ?? 5,
    retryDelay: task.retryDelaySeconds ?? 30,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: task.expireInSeconds ?? 900,
    deleteAfterSeconds: 7 * DAY_SECONDS,
    deadLetter: DEAD_TASKS,
  });

  function install(): Promise<void> {
    installed ??= (async () => {
      await boss.start();
      await ensureQueue(DEAD_TASKS, { retentionSeconds: 90 * DAY_SECONDS, deleteAfterSeconds: 90 * DAY_SECONDS });
      for (const task of tasks) await ensureQueue(task.name, queueOptions(task));
    })();
    return installed;
  }

  async function ensureQueue(name: string, options: Omit<Queue, 'name'>) {
    if (await boss.getQueue(name)) {
      const { policy: _policy, deadLetter, ...changeable } = options;
      await boss.updateQueue(name, { ...changeable, deadLetter: deadLetter ?? null });
    } else {
      await boss.createQueue(name, options);
    }
  }

  async function allDead() {
    const jobs = await boss.findJobs<object>(DEAD_TASKS, { queued: true, limit: 100_000 });
    return jobs.map(deadTaskOf).sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime());
  }

  async function runOnce(task: Task, signal: AbortSignal) {
    const started = Date.now();
    try {
      await task.run(signal);
      logger.debug({ task: task.name, ms: Date.now() - started }, 'task done');
    } catch (error) {
      logger.error({ err: error, task: task.name }, 'task failed; it will be tried again');
      throw error;
    }
  }

  return {
    install,

    /**
     * Starts this process's workers and records the schedules. Every started instance takes part in
     * evaluating the schedules stored in the database, and pg-boss sends each occurrence once.
     */
    async work({ pollingIntervalSeconds = 2 }: { pollingIntervalSeconds?: number } = {}) {
      await install();
      if (isWorking) return;
      isWorking = true;
      for (const task of tasks) {
        await boss.work(task.name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (job) await runOnce(task, job.signal);
        });
        if (task.cron) await boss.schedule(task.name, task.cron, null, { tz: 'UTC' });
        else await boss.unschedule(task.name).catch(() => undefined);
      }
    },

    /** Asks for a run now; while one is already waiting, that one serves (the queue keeps one waiting). */
    async send(name: string) {
      if (!byName.has(name)) throw new Error(`no task is named ${name}`);
      await install();
      return boss.send(name, {});
    },

    /** Each task with its runs waiting and running (pg-boss's counts, refreshed every few seconds) and its dead runs. */
    async summaries(): Promise<TaskSummary[]> {
      await install();
      const queues = new Map((await boss.getQueues(tasks.map((task) => task.name))).map((queue) => [queue.name, queue]));
      const dead = await allDead();
      return tasks.map((task) => {
        const queue = queues.get(task.name);
        return {
          name: task.name,
          cron: task.cron ?? null,
          queued: queue?.queuedCount ?? 0,
          active: queue?.activeCount ?? 0,
          dead: dead.filter((run) => run.name === task.name).length,
        };
      });
    },

    /** The dead runs, newest first. */
    async dead(limit = 100): Promise<DeadTask[]> {
      await install();
      return (await allDead()).slice(0, limit);
    },

    /** Sends a dead run back to its task's queue and answers it; undefined when there is no such dead run. */
    async retryDead(id: string): Promise<DeadTask | undefined> {
      await install();
      // An id that is not a job's (not even a uuid) finds nothing rather than failing.
      const [job] = await boss.findJobs<object>(DEAD_TASKS, { id, queued: true, limit: 1 }).catch(() => []);
      if (!job || (await boss.redrive(DEAD_TASKS, { ids: [id] })) === 0) return undefined;
      return deadTaskOf(job);
    },

    /** Lets the runs under way finish (up to `timeoutMs`) and stops; the database stays open for the caller. */
    async stop(timeoutMs = 10_000) {
      if (!installed) return;
      await installed.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: database.kind === 'postgres' });
    },
  };
}

function deadTaskOf(job: JobWithMetadata): DeadTask {
  return {
    id: job.id,
    name: job.sourceName ?? job.name,
    error: errorText(job.sourceOutput),
    attempts: (job.sourceRetryCount ?? 0) + 1,
    failedAt: job.createdOn,
    firstQueuedAt: job.sourceCreatedOn ?? job.createdOn,
  };
}

/** pg-boss keeps a failure's output as the serialized error: its message is what staff read. */
function errorText(output: object | null): string {
  if (!output) return '';
  const { message } = output as { message?: unknown };
  return typeof message === 'string' ? message : JSON.stringify(output).slice(0, 1000);
}

export type TaskQueue = ReturnType<typeof createTaskQueue>;
