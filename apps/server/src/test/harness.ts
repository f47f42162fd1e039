import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, pgliteExtensions, pgliteMigrationsFolder, type Database } from '../db/client.ts';
import { seedDatabase } from '../seed/seed.ts';

/**
 * A migrated, empty PGlite data directory, dumped once per set of migrations and kept under .tmp:
 * starting from it takes about a second, where creating a cluster and migrating it takes three.
 */
async function readMigratedPgliteSnapshot(): Promise<Blob> {
  const folder = pgliteMigrationsFolder();
  const hash = createHash('sha256');
  for (const name of (await fs.readdir(folder, { recursive: true })).sort()) {
    const file = path.join(folder, name);
    if ((await fs.stat(file)).isFile()) hash.update(name).update(await fs.readFile(file));
  }
  const snapshot = path.resolve('.tmp', `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(snapshot)) {
    const fresh = await PGlite.create({ extensions: pgliteExtensions });
    await migrate(drizzle(fresh), { migrationsFolder: folder });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    await fs.mkdir(path.dirname(snapshot), { recursive: true });
    // Written aside and renamed, so a worker reading it at the same moment never sees half a file.
    const partial = `${snapshot}.${process.pid}.partial`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, snapshot);
  }
  return new Blob([await fs.readFile(snapshot)]);
}

let migratedPgliteSnapshot: Promise<Blob> | undefined;

/**
 * A fresh database per test app: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL, dropped again on close. The same suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Hashed and read once per test file, however many apps it makes.
    migratedPgliteSnapshot ??= readMigratedPgliteSnapshot();
    return openPglite(undefined, await migratedPgliteSnapshot);
  }

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
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', SEARCH_SNAPSHOT_DIR: 'off', ...overrides });
}

export async function createTestApp(options: Partial<BuildAppOptions> & { env?: Record<string, string> } = {}) {
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config: testConfig(options.env),
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    ...options,
    database,
  });
  await seedDatabase(app);
  // As the server does before it reports ready (main.ts): a search never waits for an index to load.
  await Promise.all([app.services.jobs.warmSearch(), app.services.profiles.warmSearch()]);
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
