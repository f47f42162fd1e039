import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectsSql, searchTerms, usersSql } from '../../../../../bench/search-data.mjs';
import type { Database } from '../../db/client.ts';
import { readSnapshot, writeSnapshot } from '../../search/index-snapshot.ts';
import { openTestDatabase, selectRows } from '../../test/harness.ts';
import { eagerSnapshots, snapshotWritten } from '../../test/snapshots.ts';
import type { IndexSort } from './job-index.ts';
import { createSearchIndex, inThisThread, type IndexRequest, type SearchIndex } from './search-index.ts';

// The project index written to a snapshot and read back by a process that starts later (search/live-index.ts):
// it answers every search as an index loaded from the rows does, through the changes made in between and after.

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql.raw(usersSql(5, 'employer', 0)));
  // More than the first slots hold (1,024), so that the index read back grows past them too.
  await database.db.execute(sql.raw(projectsSql(1500)));
});
afterAll(() => database.close());
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-search-snapshot-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
// Each test writes its own first snapshot.
beforeEach(() => fs.rmSync(path.join(dir, 'projects.index'), { force: true }));
afterEach(() => {
  vi.useRealTimers();
});

const file = () => path.join(dir, 'projects.index');
const withSnapshots = () => createSearchIndex(database.db, { snapshots: eagerSnapshots(dir) });
const written = (since: number) => snapshotWritten(file(), since);

const nowMs = Date.now();
const sorts: IndexSort[] = ['newest', 'budget', 'proposal_count'];
const searches: { text: string | undefined; request: IndexRequest }[] = [undefined, ...searchTerms.slice(0, 12)].flatMap((text, index) =>
  sorts.map((sort) => ({
    text,
    request: {
      hasText: text !== undefined,
      allFacets: [],
      anyOf: [],
      minBudgetUsd: index % 3 === 0 ? 50_000 : undefined,
      maxBudgetUsd: index % 4 === 0 ? 2_000_000 : undefined,
      sort,
      skip: index % 2 === 0 ? 0 : 15,
      count: 21,
      after: undefined,
      nowMs,
    },
  })),
);

/** Every search's answer from each index: the same, and not all empty. */
async function expectSameAnswers(read: SearchIndex, loaded: SearchIndex) {
  await Promise.all([read.catchUp(), loaded.catchUp()]);
  let found = 0;
  for (const { text, request } of searches) {
    const [fromSnapshot, fromRows] = await Promise.all([
      inThisThread(read).search(text, request),
      inThisThread(loaded).search(text, request),
    ]);
    expect(fromSnapshot).toEqual(fromRows);
    found += fromRows.total;
  }
  expect(found).toBeGreaterThan(0);
}

/** Changes of every kind, made through the tables the API writes: new projects, edits of words and of numbers, closings. */
async function change(seed: number) {
  await database.db.execute(sql.raw(projectsSql(400)));
  const changed = await selectRows<{ id: string }>(
    database,
    sql`with picked as (select id from jobs where status = 'open' order by md5(id::text || ${String(seed)}) limit 60)
      update jobs set title = case when random() < 0.5 then title || ' saffron' else title end,
        proposal_count = proposal_count + 1,
        status = case when random() < 0.3 then 'assigned' else status end
      where id in (select id from picked) returning id`,
  );
  expect(changed).toHaveLength(60);
}

describe('a snapshot of the project search index', () => {
  it('is written after a load, and a later index starts from it, reads the changes since, and answers as one loaded from the rows', async () => {
    const first = withSnapshots();
    const before = Date.now() - 1;
    await first.catchUp();
    await written(before);
    expect(first.memory()).toMatchObject({ loads: 1, restores: 0 });

    await change(1);
    const second = withSnapshots();
    await expectSameAnswers(second, createSearchIndex(database.db));
    expect(second.memory()).toMatchObject({ loads: 0, restores: 1 });

    // It goes on from there: more changes, past the slots it read (they grow).
    await change(2);
    await change(3);
    await expectSameAnswers(second, createSearchIndex(database.db));
    expect(second.memory()).toMatchObject({ loads: 0, restores: 1 });
  });

  it('is not read when it is older than the change log is kept for an index, or the change it read last is gone', async () => {
    const first = withSnapshots();
    const before = Date.now() - 1;
    await first.catchUp();
    await written(before);

    const lateAt = Date.now() - 1;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 3_600_000 });
    const late = withSnapshots();
    await late.catchUp();
    expect(late.memory()).toMatchObject({ loads: 1, restores: 0 });
    vi.useRealTimers();
    // The one it writes in turn (before the next is made).
    await written(lateAt);

    // Its last change no longer in the log: a database restored from before it, or a log pruned past it.
    await change(4);
    fs.rmSync(file());
    const fresh = withSnapshots();
    const writtenAt = Date.now() - 1;
    await fresh.catchUp();
    await written(writtenAt);
    await database.db.execute(sql`delete from job_changes where seq = (select max(seq) from job_changes)`);
    const afterLoss = withSnapshots();
    await expectSameAnswers(afterLoss, createSearchIndex(database.db));
    expect(afterLoss.memory()).toMatchObject({ loads: 1, restores: 0 });
  });

  it('is written again while the index changes, with the changes it applied, and read back from there', async () => {
    const changing = createSearchIndex(database.db, { snapshots: { dir, afterLoadMs: 0, everyMs: 100 } });
    const before = Date.now() - 1;
    await changing.catchUp();
    await written(before);
    await change(7);
    const afterChanges = Date.now();
    await changing.catchUp();
    await written(afterChanges);
    const saved = await readSnapshot<{ last: { seq: string } }>(file());
    const [newest] = await selectRows<{ seq: string }>(database, sql`select max(seq)::text as seq from job_changes`);
    expect(saved?.meta.last.seq).toBe(newest!.seq);
    await change(8);
    const next = withSnapshots();
    await expectSameAnswers(next, createSearchIndex(database.db));
    expect(next.memory()).toMatchObject({ loads: 0, restores: 1 });
  });

  it('is not read when it is of another database or another format', async () => {
    const first = withSnapshots();
    const before = Date.now() - 1;
    await first.catchUp();
    await written(before);
    const saved = (await readSnapshot<{ identity: string; format: string }>(file()))!;
    for (const meta of [
      { ...saved.meta, identity: `${saved.meta.identity}0` },
      { ...saved.meta, format: `${saved.meta.format}0` },
    ]) {
      writeSnapshot(file(), { meta, state: saved.state });
      // One that writes nothing of its own after its load (the next round reads the file this one was given).
      const next = createSearchIndex(database.db, { snapshots: { dir, afterLoadMs: 60_000, everyMs: 3_600_000 } });
      await next.catchUp();
      expect(next.memory()).toMatchObject({ loads: 1, restores: 0 });
    }
  });

  it('that cannot be read is reported, and the rows are loaded instead', async () => {
    const first = withSnapshots();
    const before = Date.now() - 1;
    await first.catchUp();
    await written(before);
    fs.writeFileSync(file(), 'MIHNAIX1 but nothing after');
    const errors: Error[] = [];
    const next = createSearchIndex(database.db, {
      snapshots: { dir, afterLoadMs: 60_000, everyMs: 3_600_000, onError: (error) => void errors.push(error) },
    });
    await next.catchUp();
    expect(next.memory()).toMatchObject({ loads: 1, restores: 0 });
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/search snapshot: .* is (not one|cut short)/)]);
  });
});
