import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { directoryChangesSince } from '../modules/admin/directory-indexes.ts';
import { changesSince, createSearchIndex } from '../modules/jobs/search-index.ts';
import { professionalChangesSince } from '../modules/profiles/professional-search.ts';
import { openTestDatabase, selectRows } from '../test/harness.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // A day of busy changes (a bulk import), read before any statistics were gathered on them.
  await database.db.execute(sql`insert into job_changes (job_id) select gen_random_uuid() from generate_series(1, 30000)`);
  await database.db.execute(sql`insert into user_changes (user_id) select gen_random_uuid() from generate_series(1, 30000)`);
  await database.db.execute(sql`insert into user_directory_changes (user_id) select gen_random_uuid() from generate_series(1, 30000)`);
});
afterAll(() => database.close());

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('reading the changes since an index last looked', () => {
  for (const [name, changes] of [
    ['projects', changesSince],
    ['professionals', professionalChangesSince],
    ['the console’s users', directoryChangesSince.users],
    ['the console’s projects', directoryChangesSince.projects],
  ] as const)
    it(`looks each changed row up by its key, never hashing the whole source (${name})`, async () => {
      const [horizon] = await selectRows<{ xmin: string }>(database, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
      const [explained] = await selectRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        database,
        sql`explain (format json) ${changes(String(BigInt(horizon!.xmin) - 1n), [])}`,
      );
      const types = nodesOf(explained!['QUERY PLAN'][0].Plan).map((node) => node['Node Type']);
      expect(types).not.toContain('Hash Join');
      expect(types).not.toContain('Merge Join');
      expect(types.filter((type) => type === 'Nested Loop')).toHaveLength(2);
    });
});

describe('catching up', () => {
  it('on PGlite reads the change log only when this process wrote since it last read; on PostgreSQL always', async () => {
    const searchIndex = createSearchIndex(database.db);
    await searchIndex.catchUp();
    const execute = vi.spyOn(database.db, 'execute');
    try {
      await searchIndex.catchUp();
      await searchIndex.catchUp();
      const quietReads = execute.mock.calls.length;
      expect(quietReads).toBe(database.kind === 'pglite' ? 0 : 2);
      await database.db.execute(sql`insert into job_changes (job_id) values (gen_random_uuid())`);
      await searchIndex.catchUp();
      // The insert, then a read of the log.
      expect(execute.mock.calls.length).toBe(quietReads + 2);
    } finally {
      execute.mockRestore();
    }
  });
});
