import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, openTestDatabase } from '../test/harness.ts';
import { openPostgres, type Database } from './client.ts';
import { createPostgresListener } from './listener.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const notify = (channel: string, payload: string) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

/** What a channel hears, gathered. */
async function hear(on: Database, channel: string) {
  const heard: string[] = [];
  const stop = await on.listen(channel, (payload) => heard.push(payload));
  return { heard, stop };
}

describe('listening to the database', () => {
  it('hears a notice once its transaction commits, and never one rolled back', async () => {
    const { heard, stop } = await hear(database, 'doorbell');
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('doorbell', 'committed')`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([]);
      });
      await vi.waitFor(() => expect(heard).toEqual(['committed']));
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('doorbell', 'rolled back')`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await notify('doorbell', 'after');
      await vi.waitFor(() => expect(heard).toEqual(['committed', 'after']));
    } finally {
      await stop();
    }
  });

  it('stops hearing a channel once told, while its other listeners go on', async () => {
    const first = await hear(database, 'shared');
    const second = await hear(database, 'shared');
    await first.stop();
    await notify('shared', 'one');
    await vi.waitFor(() => expect(second.heard).toEqual(['one']));
    expect(first.heard).toEqual([]);
    await second.stop();
  });

  it('refuses a channel name the database would fold', async () => {
    await expect(database.listen('Doorbell', () => undefined)).rejects.toThrow(/channel name/);
    await expect(database.listen('door bell', () => undefined)).rejects.toThrow(/channel name/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('listening across server processes on PostgreSQL', () => {
  it('hears a notice sent by another process', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'mihna_listen');
    const one = await openPostgres(scratch.url, { max: 2 });
    const other = await openPostgres(scratch.url, { max: 2 });
    try {
      const { heard } = await hear(other, 'across');
      await one.db.execute(sql`select pg_notify('across', 'from the first')`);
      await vi.waitFor(() => expect(heard).toEqual(['from the first']));
    } finally {
      await one.close();
      await other.close();
      await scratch.drop();
    }
  });

  it('listens again after its connection is cut, and says notices may have been lost meanwhile', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'mihna_listen');
    const sender = await openPostgres(scratch.url, { max: 2 });
    const listener = createPostgresListener(scratch.url);
    try {
      const heard: string[] = [];
      let resyncs = 0;
      await listener.listen(
        'failover',
        (payload) => heard.push(payload),
        () => (resyncs += 1),
      );
      const pid = await listener.backendPid();
      await sender.db.execute(sql`select pg_terminate_backend(${pid})`);
      await vi.waitFor(() => expect(resyncs).toBe(1), { timeout: 5_000 });
      expect(await listener.backendPid()).not.toBe(pid);
      await sender.db.execute(sql`select pg_notify('failover', 'after the cut')`);
      await vi.waitFor(() => expect(heard).toEqual(['after the cut']));
    } finally {
      await listener.close();
      await sender.close();
      await scratch.drop();
    }
  });
});
