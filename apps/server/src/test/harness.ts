import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { seedDatabase } from '../db/seed.ts';

/**
 * A fresh database per test app: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL, dropped again on close. The same suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite(undefined);

  const scratch = await createScratchDatabase(serverUrl, 'mihna_test');
  const database = await openPostgres(scratch.url, { max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at serverUrl; `drop()` removes it even while in use. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...overrides });
}

export async function createTestApp(options: Partial<BuildAppOptions> & { env?: Record<string, string> } = {}) {
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({ config: testConfig(options.env), logger: false, ...options, database });
  await seedDatabase(app);
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}

/** Rows of a raw query, on either driver (tests look under the API to prove what was stored). */
export async function selectRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
