import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '@mihna/shared';
import { buildApp } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import { LOAD_PATIENCE_MS, loadOnce, requireLoaded } from '../../lib/load-once.ts';
import { seedDatabase } from '../../seed/seed.ts';
import { createTestApp, openTestDatabase, testConfig } from '../../test/harness.ts';

describe('health', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('GET /healthz answers while the process is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('GET /readyz without a database', () => {
  it('answers 503 in the error shape', async () => {
    const app = await createTestApp();
    await app.services.database.close();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'The database is not answering.', code: 'unavailable' });
  });
});

describe('GET /readyz while the search indexes load', () => {
  it('answers 503 naming what it waits for, with Retry-After, until both indexes have loaded; and 503 again while shutting down', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), logger: false, database });
    await seedDatabase(app);
    try {
      const loading = await app.inject({ method: 'GET', url: '/readyz' });
      expect(loading.statusCode).toBe(503);
      expect(loading.headers['retry-after']).toBe('1');
      expect(loading.json()).toEqual({
        detail: 'Not ready: loading the project search index and the professional search index.',
        code: 'unavailable',
      });
      await app.services.jobs.warmSearch();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        detail: 'Not ready: loading the professional search index.',
        code: 'unavailable',
      });
      await app.services.profiles.warmSearch();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      app.services.lifecycle.isDraining = true;
      const draining = await app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ detail: 'Not ready: shutting down.', code: 'unavailable' });
      // Still serving while a load balancer moves away.
      expect((await app.inject({ method: 'GET', url: '/api/search/jobs' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a search while its index is still loading', () => {
  it('waits at most LOAD_PATIENCE_MS, then answers 503 with Retry-After in the error shape', async () => {
    const never = loadOnce(() => new Promise(() => undefined));
    const started = performance.now();
    const error = await requireLoaded(never).catch((caught: unknown) => caught);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'unavailable', retryAfterSeconds: 2, detail: requestMessages.searchStarting });
    expect(waited).toBeGreaterThanOrEqual(LOAD_PATIENCE_MS - 5);
    expect(waited).toBeLessThan(2_000);
    expect(never.isLoaded).toBe(false);
    // A load that is done answers at once.
    const done = loadOnce(async () => undefined);
    await done.start();
    expect(await done.within(0)).toBe(true);
  });
});
