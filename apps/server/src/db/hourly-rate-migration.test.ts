import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, selectRows } from '../test/harness.ts';
import type { Database } from './client.ts';

// Migrations 0011 and 0012 ran when the database opened; the old column is put back with rates
// written the old way, and the two are run again over them.
const read = (name: string) => fs.readFileSync(fileURLToPath(new URL(`../../drizzle/${name}`, import.meta.url)), 'utf8');
const migrations = [read('0011_hourly_rate_in_fils.sql'), read('0012_hourly_rate_numeric_dropped.sql')];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migrations 0011 and 0012: the hourly rate in fils', () => {
  it('turns every stored rate in dirhams into its exact fils, and leaves an unset rate unset', async () => {
    await database.db.execute(sql`alter table users add column hourly_rate numeric(12, 2)`);
    const ids: string[] = [];
    for (const [index, rate] of ['195.50', '0.01', '100000.00', null].entries()) {
      const [row] = await selectRows<{ id: string }>(
        database,
        sql`insert into users (email, phone_number, country_code, first_name, last_name, role, password_hash, verification_method, hourly_rate)
            values (${`rate${index}@example.ae`}, ${`5100000${index}`}, '+971', 'Rate', 'User', 'professional', 'x', 'email', ${rate}::numeric)
            returning id`,
      );
      ids.push(row!.id);
    }

    await database.db.transaction(async (tx) => {
      for (const migration of migrations)
        for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });

    const rows = await selectRows<{ id: string; hourly_rate_minor: string | number | null }>(
      database,
      sql`select id, hourly_rate_minor from users where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row.hourly_rate_minor === null ? null : Number(row.hourly_rate_minor)]));
    expect(ids.map((id) => byId.get(id))).toEqual([19550, 1, 10000000, null]);
  });
});
