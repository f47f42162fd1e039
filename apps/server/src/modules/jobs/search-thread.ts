import { parentPort, workerData } from 'node:worker_threads';
import { openPostgresPool } from '../../db/pool.ts';
import { createSearchIndex, inThisThread } from './search-index.ts';
import type { FromThread, ThreadOptions, ToThread } from './search-thread-link.ts';

/**
 * The project search index in a thread of its own, on PostgreSQL (search-thread-link.ts starts it): it
 * loads and keeps the index from the database on connections of its own, and answers the server
 * thread's asks in turn. Every answer carries the index's generation and the jobs changed since the
 * last answer, so the server thread's caches move with it.
 */
const { url, plan, compactAbove, snapshots } = workerData as ThreadOptions;
// Two connections: reading changes, and a search's words made a query meanwhile (a load holds one for seconds).
const pool = openPostgresPool(url, 2);
const live = createSearchIndex(pool.db, {
  plan,
  compactAbove,
  snapshots: snapshots && { ...snapshots, onError: (error) => process.emitWarning(`project search snapshot: ${error.message}`) },
});
const index = inThisThread(live);

/** Whether the index has loaded once. */
let loaded = false;
let changed = new Set<string>();
let reloaded = false;
live.onChange((ids) => {
  loaded = true;
  if (ids === 'all') reloaded = true;
  else for (const id of ids) changed.add(id);
});

/** The generation and the changes since the last answer, which this answer hands over. */
function changesSinceLast(): Pick<FromThread, 'generation' | 'changed'> {
  const handed = reloaded ? 'all' : changed.size > 0 ? [...changed] : undefined;
  changed = new Set();
  reloaded = false;
  return { generation: live.generation, changed: handed };
}

async function answer(message: ToThread): Promise<unknown> {
  switch (message.op) {
    case 'catchUp':
      return live.catchUp();
    case 'search':
      // A thread started after another stopped may be asked before its first load.
      if (!loaded) await live.catchUp();
      return index.search(message.text, message.request);
    case 'memory':
      return live.memory();
    case 'close':
      return pool.end();
  }
}

parentPort!.on('message', (message: ToThread) => {
  answer(message).then(
    (value) => parentPort!.postMessage({ id: message.id, value, ...changesSinceLast() } satisfies FromThread),
    (error: unknown) =>
      parentPort!.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
        ...changesSinceLast(),
      } satisfies FromThread),
  );
});
