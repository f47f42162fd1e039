import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skills, usersSql } from '../../../../../bench/search-data.mjs';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { eagerSnapshots, snapshotWritten } from '../../test/snapshots.ts';
import type { ProfessionalIndexSearch, ProfessionalSort } from './professional-index.ts';
import { createProfessionalSearchIndex, type ProfessionalSearchIndex } from './professional-search.ts';

// The professional index written to a snapshot and read back by a later index (search/live-index.ts):
// it answers as one loaded from the rows, through the changes made since (the project index's test is
// jobs/search-snapshot.test.ts).

let database: Database;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-professional-snapshot-'));
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql.raw(usersSql(1500, 'professional', 50_000)));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const withSnapshots = () => createProfessionalSearchIndex(database.db, { snapshots: eagerSnapshots(dir) });

const sorts: ProfessionalSort[] = ['rating', 'rate', 'created_at'];
const texts = [undefined, ...skills.slice(0, 8).map((skill) => skill.split(' ')[0]!)];

async function expectSameAnswers(read: ProfessionalSearchIndex, loaded: ProfessionalSearchIndex) {
  await Promise.all([read.catchUp(), loaded.catchUp()]);
  let found = 0;
  for (const [index, text] of texts.entries())
    for (const sort of sorts) {
      const query = text ? await loaded.queryOf(text) : undefined;
      const search: ProfessionalIndexSearch = {
        query,
        hasText: text !== undefined,
        facets: index % 3 === 0 ? ['sl'] : [],
        rate: index % 2 === 0 ? { currency: 0, min: 100, max: 300 } : undefined,
        sort,
        skip: index % 4 === 0 ? 10 : 0,
        count: 21,
      };
      const answer = loaded.index.search(search);
      expect(read.index.search(search)).toEqual(answer);
      found += answer.total;
    }
  expect(found).toBeGreaterThan(0);
}

describe('a snapshot of the professional search index', () => {
  it('is read by a later index, which applies the changes since and answers as one loaded from the rows', async () => {
    const first = withSnapshots();
    const before = Date.now() - 1;
    await first.catchUp();
    await snapshotWritten(path.join(dir, 'professionals.index'), before);

    // New professionals (past the first 2,048 slots), new ratings and rates, accounts suspended.
    await database.db.execute(sql.raw(usersSql(700, 'professional', 60_000)));
    await database.db.execute(sql`update users set total_rating = 4.5, total_reviews = total_reviews + 1, hourly_rate_minor = 25000
      where id in (select id from users where role = 'professional' order by md5(id::text) limit 80)`);
    await database.db.execute(sql`update users set account_status = 'suspended'
      where id in (select id from users where role = 'professional' order by md5(id::text || 'x') limit 40)`);

    const second = withSnapshots();
    await expectSameAnswers(second, createProfessionalSearchIndex(database.db));
    expect(second.memory()).toMatchObject({ loads: 0, restores: 1 });
  });
});
