import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { selectRows } from '../test/harness.ts';
import { users } from '../modules/users/users.schema.ts';
import { openPglite, sharedBuffersFor, writeCountOf } from './client.ts';

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((directory) => fs.rm(directory, { recursive: true, force: true }))));

/** A data directory whose tables take `megabytes` (sparse files: the size is what counts, not the disk). */
async function dataDirOf(megabytes: number[]) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mihna-buffers-'));
  scratch.push(directory);
  await fs.mkdir(path.join(directory, 'base', '5'), { recursive: true });
  await Promise.all(
    megabytes.map(async (size, index) => {
      const file = path.join(directory, 'base', '5', String(16_384 + index));
      await fs.writeFile(file, '');
      await fs.truncate(file, size * 2 ** 20);
    }),
  );
  return directory;
}

describe("PGlite's shared buffers", () => {
  it('are 16 MB in memory, for a new data directory and for a small database', async () => {
    expect(await sharedBuffersFor(undefined)).toBe('shared_buffers = 16MB');
    expect(await sharedBuffersFor(path.join(os.tmpdir(), 'mihna-no-such-directory'))).toBe('shared_buffers = 16MB');
    expect(await sharedBuffersFor(await dataDirOf([20, 30]))).toBe('shared_buffers = 16MB');
  });

  it('grow to a quarter of a large database, in steps of 8 MB, up to 128 MB', async () => {
    expect(await sharedBuffersFor(await dataDirOf([150, 50]))).toBe('shared_buffers = 56MB');
    expect(await sharedBuffersFor(await dataDirOf([1024, 1024]))).toBe('shared_buffers = 128MB');
  });

  it('are what the database runs with', async () => {
    const database = await openPglite(undefined);
    try {
      const rows = await selectRows<{ shared_buffers: string }>(database, sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});

describe("PGlite's count of writes", () => {
  it('rises after each statement that may change rows and each transaction, never after a read', async () => {
    const database = await openPglite(undefined);
    try {
      const writes = writeCountOf(database.db)!;
      let before = writes.version;
      await database.db.select({ id: users.id }).from(users).limit(1);
      await database.db.execute(sql`select count(*) from jobs where updated_at < now()`);
      expect(writes.version).toBe(before);
      await database.db.execute(sql`update jobs set view_count = view_count where false`);
      expect(writes.version).toBe(before + 1);
      before = writes.version;
      await database.db
        .update(users)
        .set({ bio: 'x' })
        .where(sql`false`);
      expect(writes.version).toBe(before + 1);
      before = writes.version;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      expect(writes.version).toBe(before + 1);
      before = writes.version;
      await expect(database.db.execute(sql`insert into no_such_table values (1)`)).rejects.toThrow();
      expect(writes.version).toBe(before + 1);
    } finally {
      await database.close();
    }
  });
});
