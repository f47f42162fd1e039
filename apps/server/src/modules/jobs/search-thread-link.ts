import { Worker } from 'node:worker_threads';
import { inTurns } from '../../lib/in-turns.ts';
import type { IndexAnswer, IndexPlan } from './job-index.ts';
import type { Database } from '../../db/client.ts';
import {
  createSearchIndex,
  inThisThread,
  type IndexMemory,
  type IndexRequest,
  type JobSearchIndex,
  type SearchIndexOptions,
} from './search-index.ts';

/**
 * The project search index in a thread of its own (search-thread.ts), on PostgreSQL: the server's
 * thread parses requests, reads the cards and writes answers while the other core finds the pages.
 * At a million projects finding a page was half of the server thread's time (decision 41).
 */

export interface ThreadOptions {
  /** The database the thread reads the index from. */
  url: string;
  plan?: IndexPlan;
  compactAbove?: number;
  /** Snapshots of the index (the thread reports their failures as process warnings). */
  snapshots?: Omit<NonNullable<SearchIndexOptions['snapshots']>, 'onError'>;
}

type Ask = { op: 'catchUp' } | { op: 'search'; text: string | undefined; request: IndexRequest } | { op: 'memory' } | { op: 'close' };
export type ToThread = Ask & { id: number };

export interface FromThread {
  id: number;
  value?: unknown;
  error?: string;
  /** The index's generation as this answer left. */
  generation: number;
  /** The jobs changed since the last answer ('all' after a reload). */
  changed?: string[] | 'all';
}

/** The project search index where the server runs it: in a thread of its own on PostgreSQL, in this one on PGlite. */
export const jobSearchIndexOn = (database: Database, options: SearchIndexOptions = {}, hooks: ThreadHooks = {}): JobSearchIndex =>
  database.url === undefined
    ? inThisThread(createSearchIndex(database.db, options))
    : inOwnThread({ url: database.url, ...options, snapshots: options.snapshots && withoutOnError(options.snapshots) }, hooks);

// A function does not cross to a thread: the thread reports snapshot failures itself.
const withoutOnError = ({ onError: _onError, ...snapshots }: NonNullable<SearchIndexOptions['snapshots']>) => snapshots;

export interface ThreadHooks {
  /** How a thread is started (tests keep hold of it, to stop it as a fault would). */
  start?: (options: ThreadOptions) => Worker;
  /** Told when a thread stops other than by `close()` (the next ask starts another). */
  onLost?: (error: Error) => void;
}

/** The thread's code: the bundle's file beside this one, or under tsx (tests, development) the source. */
export function startThread(options: ThreadOptions): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const source = new URL('./search-thread.ts', import.meta.url).href;
    const loader = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
    return new Worker(loader, { eval: true, workerData: options });
  }
  return new Worker(new URL('./search-thread.js', import.meta.url), { workerData: options });
}

export function inOwnThread(options: ThreadOptions, { start = startThread, onLost }: ThreadHooks = {}): JobSearchIndex {
  let thread: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners: ((changed: Iterable<string> | 'all') => void)[] = [];
  /** The thread's generation plus what earlier threads reached, so that it only ever rises. */
  let generation = 0;
  let base = 0;
  let closed = false;

  function receive(worker: Worker, reply: FromThread) {
    // A stopped thread's last answers were failed with it; a later thread's generations start above them.
    if (worker !== thread) return;
    generation = base + reply.generation;
    if (reply.changed) for (const listener of listeners) listener(reply.changed);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error === undefined) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(`search index: ${reply.error}`));
  }

  function failPending(error: Error) {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  /** A thread that stopped (a fault) fails what it was asked; the next ask starts another, which loads anew. */
  function lose(worker: Worker, error: Error) {
    if (thread !== worker) return;
    thread = undefined;
    onLost?.(error);
    base = generation + 1;
    generation = base;
    for (const listener of listeners) listener('all');
    failPending(error);
  }

  function ask<T>(message: Ask): Promise<T> {
    if (closed) return Promise.reject(new Error('search index: closed'));
    if (!thread) {
      const worker = start(options);
      // The server's own work keeps the process alive, not this thread.
      worker.unref();
      worker.on('message', (reply: FromThread) => receive(worker, reply));
      worker.on('error', (error: Error) => lose(worker, error));
      worker.on('exit', (code) => lose(worker, new Error(`search index: its thread stopped (${code})`)));
      thread = worker;
    }
    const id = (nextId += 1);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread!.postMessage({ ...message, id } satisfies ToThread);
    });
  }

  // One catch-up asked at a time; whoever arrives during one waits for the next, which starts after it.
  const catchUp = inTurns(() => ask<void>({ op: 'catchUp' }));

  return {
    catchUp,
    get generation() {
      return generation;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    search: (text, request) => ask<IndexAnswer>({ op: 'search', text, request }),
    // Asking where the memory goes starts no thread.
    memory: () => (thread ? ask<IndexMemory | undefined>({ op: 'memory' }) : Promise.resolve(undefined)),
    async close() {
      if (closed || !thread) {
        closed = true;
        return;
      }
      const worker = thread;
      // Its connections end once their reads do; a load at a million projects takes seconds, which a stop does not wait for.
      await Promise.race([ask({ op: 'close' }).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      closed = true;
      thread = undefined;
      await worker.terminate();
      failPending(new Error('search index: closed'));
    },
  };
}
