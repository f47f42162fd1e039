import type { Worker } from 'node:worker_threads';
import { jobSearchParamsSchema } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { indexSearchOf } from './jobs.repository.ts';
import { createSearchIndex, inThisThread, type JobSearchIndex } from './search-index.ts';
import { inOwnThread, startThread, type ThreadOptions } from './search-thread-link.ts';
import { postJob } from './test-jobs.ts';

// The thread reads the index over connections of its own: a PostgreSQL server (npm test's second API run).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the project search index in a thread of its own', () => {
  let app: App;
  let token = '';
  const threads: Worker[] = [];
  const indexes: JobSearchIndex[] = [];
  const lost: string[] = [];

  /** An index in its own thread, whose threads the test keeps hold of. */
  function ownThread() {
    const start = (options: ThreadOptions) => {
      const thread = startThread(options);
      threads.push(thread);
      return thread;
    };
    const index = inOwnThread({ url: app.services.database.url! }, { start, onLost: (error) => lost.push(error.message) });
    indexes.push(index);
    return index;
  }

  const request = (query: Record<string, unknown>) => indexSearchOf(jobSearchParamsSchema.parse(query), undefined, new Date());
  /** The ids of a search's page and its total, after catching up. */
  async function find(index: JobSearchIndex, query: Record<string, unknown>) {
    await index.catchUp();
    const answer = await index.search(query.q as string | undefined, request(query));
    return { total: answer.total, ids: answer.hits.map((hit) => hit.id) };
  }

  beforeAll(async () => {
    app = await createTestApp();
    token = (await createUser(app, { role: 'employer', company_name: 'Falcon Works' })).token;
    await postJob(app, token, { title: 'Falconry club website', budget_min: 2000, budget_max: 4000 });
    await postJob(app, token, { title: 'Booking app for a falconry club', emirate: 'abu_dhabi', project_type: 'hourly' });
    await postJob(app, token, { title: 'Villa cleaning every week', skills_required: 'Cleaning' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(indexes.map((index) => index.close()));
    await app?.close();
  });

  it('answers as the index in the server’s thread does, and sees what other connections commit', async () => {
    const own = ownThread();
    const here = inThisThread(createSearchIndex(app.services.database.db));
    const changed: string[] = [];
    own.onChange((ids) => changed.push(...(ids === 'all' ? ['all'] : ids)));
    const searches = [
      { q: 'falconry' },
      { q: 'falconry', sort_by: 'budget', limit: 1 },
      { q: 'صقارة' },
      { emirate: 'abu_dhabi' },
      { min_budget: 1000, max_budget: 5000 },
      { q: 'cleaning', skip: 1 },
      {},
    ];
    for (const query of searches) expect(await find(own, query), JSON.stringify(query)).toEqual(await find(here, query));
    expect((await find(own, { q: 'falconry' })).total).toBe(2);
    const loaded = own.generation;
    expect(changed).toEqual(['all']);

    const posted = await postJob(app, token, { title: 'Falconry photography for a brochure' });
    expect((await find(own, { q: 'falconry' })).total).toBe(3);
    expect(own.generation).toBeGreaterThan(loaded);
    expect(changed).toEqual(['all', posted.id]);
    expect(await own.memory()).toMatchObject({ jobs: 4, loads: 1 });
  });

  it('fails a search its thread can no longer answer, and the next search starts another thread that loads anew', async () => {
    const own = ownThread();
    const reloads: string[] = [];
    own.onChange((ids) => ids === 'all' && reloads.push('all'));
    expect((await find(own, { q: 'falconry' })).total).toBe(3);
    const before = own.generation;
    const first = threads.at(-1)!;

    // Asked as the thread stops: answered or failed, never left waiting.
    const asked = own.search('falconry', request({ q: 'falconry' })).then(
      (answer) => answer.total,
      (error: Error) => error.message,
    );
    await first.terminate();
    expect([3, 'search index: its thread stopped (1)']).toContain(await asked);
    expect(lost).toEqual(['search index: its thread stopped (1)']);

    expect(own.generation).toBeGreaterThan(before);
    expect((await find(own, { q: 'falconry' })).total).toBe(3);
    expect(threads.at(-1)).not.toBe(first);
    expect(own.generation).toBeGreaterThan(before + 1);
    // The server thread's caches were told to forget everything twice: when the thread stopped, and when the next one loaded.
    expect(reloads).toEqual(['all', 'all', 'all']);
  });

  it('refuses every ask once closed', async () => {
    const own = ownThread();
    expect((await find(own, {})).total).toBe(4);
    await own.close();
    await expect(own.catchUp()).rejects.toThrow('search index: closed');
    // Closing is no fault.
    expect(lost).toHaveLength(1);
  });
});
