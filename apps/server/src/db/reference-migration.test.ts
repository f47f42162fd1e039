import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, selectRows } from '../test/harness.ts';
import type { Database } from './client.ts';

// Migration 0005 ran when the database opened; running it again over rows written the old way
// (places and industries as typed) proves what it does to them. It is written to be repeatable.
const migration = fs.readFileSync(fileURLToPath(new URL('../../drizzle/0005_reference_ids.sql', import.meta.url)), 'utf8');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let sequence = 0;
async function insertUser(fields: Record<string, string | null>) {
  sequence += 1;
  const [row] = await selectRows<{ id: string }>(
    database,
    sql`insert into users (email, phone_number, country_code, first_name, last_name, role, password_hash, verification_method,
                           country, emirate, city, industry_category, local_service_category, local_service_subcategory)
        values (${`legacy${sequence}@example.ae`}, ${`5000000${sequence}`}, '+971', 'Legacy', 'User', 'professional', 'x', 'email',
                ${fields.country ?? 'AE'}, ${fields.emirate ?? null}, ${fields.city ?? null}, ${fields.industry ?? null},
                ${fields.category ?? null}, ${fields.service ?? null})
        returning id`,
  );
  if (!row) throw new Error('no user');
  return row.id;
}

async function runMigration() {
  await database.db.transaction(async (tx) => {
    for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
  });
}

const stored = async (id: string) =>
  (
    await selectRows<Record<string, string | null>>(
      database,
      sql`select emirate, city, industry_category, local_service_category, local_service_subcategory from users where id = ${id}`,
    )
  )[0];

describe('migration 0005: reference values as ids', () => {
  it('rewrites places, industries and services typed as names into their ids, and clears what names nothing', async () => {
    const typed = await insertUser({ emirate: 'Dubai ', city: 'Jebel Ali', industry: 'Technology & IT', category: 'Cleaning Services' });
    const arabic = await insertUser({ emirate: 'أبو ظبي', city: 'العين', industry: 'التصميم والإبداع', service: 'سباك' });
    const cityOnly = await insertUser({ city: 'khor fakkan' });
    const saudi = await insertUser({ country: 'SA', emirate: 'MAKKAH', city: 'jeddah' });
    const unknown = await insertUser({ emirate: 'Dubay', city: 'Dubai Marina', industry: 'Alchemy' });
    const canonical = await insertUser({ emirate: 'sharjah', city: 'kalba', industry: 'consulting' });

    await runMigration();

    expect(await stored(typed)).toEqual({
      emirate: 'dubai',
      city: 'jebel_ali',
      industry_category: 'technology_it',
      local_service_category: 'cleaning_services',
      local_service_subcategory: null,
    });
    // 'أبو ظبي' with a space is not the reference's 'أبوظبي', but its city names the emirate.
    expect(await stored(arabic)).toMatchObject({
      emirate: 'abu_dhabi',
      city: 'al_ain',
      industry_category: 'design_creative',
      local_service_category: 'trade_services',
      local_service_subcategory: 'plumber',
    });
    expect(await stored(cityOnly)).toMatchObject({ emirate: 'sharjah', city: 'khor_fakkan' });
    expect(await stored(saudi)).toMatchObject({ emirate: 'makkah', city: 'jeddah' });
    expect(await stored(unknown)).toMatchObject({ emirate: null, city: null, industry_category: null });
    expect(await stored(canonical)).toMatchObject({ emirate: 'sharjah', city: 'kalba', industry_category: 'consulting' });
  });
});
