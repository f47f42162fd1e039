import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { checkChannel, createPostgresListener, type Listen } from './listener.ts';

/** Drizzle over either database; each module's tables are in its own `*.schema.ts`, queried with the query builder. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where other connections reach it: PostgreSQL's URL; none for PGlite, which is this process's alone. */
  url?: string;
  /**
   * PGlite's own statements, for the task queue (pg-boss) to run through: its writes touch only its own
   * schema, so they are not counted as writes a search index must read (WriteCount).
   */
  pglite?: PGliteStatements;
  /**
   * Calls `handler` with the payload of each `pg_notify(channel, …)` once its transaction commits, in
   * this process or any other on the database; `onResync` when notices may have been lost (listener.ts).
   * Answers the function that stops listening.
   */
  listen: Listen;
  /**
   * Runs `work` while no other server process runs its own on this database: preparing a new database at
   * start (the super admin, the demo), which processes starting together would otherwise each try at once.
   */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** The connection pool's use, on PostgreSQL (metrics): open, idle, and queries waiting for a connection. */
  poolStats?: () => { max: number; total: number; idle: number; waiting: number };
  /**
   * A consistent copy of the embedded database while it serves (PGlite only; PostgreSQL is backed up with
   * pg_dump): a gzipped tar of its data directory, which `openPglite(dir, snapshot)` or `npm run restore` reopens.
   */
  snapshot?: () => Promise<Blob>;
  /** Flushes to disk where that matters (PGlite); called before a clean shutdown. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/** apps/server/drizzle, whether this file runs from src/db (tests, dev) or from the dist bundle. */
function findMigrationsFolder(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'drizzle', 'meta'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('The migrations folder (apps/server/drizzle) was not found.');
    directory = parent;
  }
  return path.join(directory, 'drizzle');
}

const migrationsFolder = findMigrationsFolder();

export const pgliteMigrationsFolder = () => migrationsFolder;

/**
 * PGlite's shared buffers, sized to the database in dataDir. PostgreSQL's default 128 MB is set aside
 * in PGlite's WebAssembly memory as soon as it starts, and was a third of the server's memory at rest
 * on the demo data; the embedded database serves one process whose files the operating system caches
 * anyway. A small database gets 16 MB; a large one a quarter of its size, up to the default, since a
 * search that misses the buffers reads through PGlite's file layer (100k projects: 71 requests a second
 * with 128 MB, 44 with 16 MB).
 */
export async function sharedBuffersFor(dataDir: string | undefined): Promise<string> {
  const megabytes = dataDir ? (await directoryBytes(path.join(dataDir, 'base'))) / 2 ** 20 : 0;
  return `shared_buffers = ${Math.min(128, Math.max(16, Math.ceil(megabytes / 4 / 8) * 8))}MB`;
}

async function directoryBytes(directory: string): Promise<number> {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        fs.stat(path.join(entry.parentPath, entry.name)).then(
          (stat) => stat.size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

/**
 * Creates the database cluster in a new dataDir from a short-lived process: PGlite's initdb grows
 * its WebAssembly memory past 500 MB and leaves hundreds of MB of buffers behind, which a process
 * that then serves for days would keep (V8 and malloc do not give them back).
 */
async function initializeCluster(dataDir: string) {
  const module = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(module)}); await (await PGlite.create(${JSON.stringify(dataDir)})).close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script]);
}

/**
 * How many statements that may have changed rows this process has finished on a database it alone
 * writes to: PGlite, whose data directory one process holds at a time (db/lock.ts). A search index
 * reads its change log before each search; when nothing was written since its last read began, there
 * is nothing to read (on PGlite each read runs on the server's own thread: at 100k projects, reading
 * before every search took half of that thread). Undefined for PostgreSQL, where other processes write.
 */
export interface PGliteStatements {
  query: PGlite['query'];
  exec: PGlite['exec'];
  listen: PGlite['listen'];
}

export interface WriteCount {
  readonly version: number;
}
const writeCounts = new WeakMap<object, WriteCount>();
export const writeCountOf = (db: Db): WriteCount | undefined => writeCounts.get(db);

// Any statement naming a change counts (a false alarm only costs a read); a transaction counts when it ends.
const mayWrite = (text: string) => /\b(insert|update|delete|truncate|merge|copy|call|do)\b/i.test(text);

function countWrites(client: PGlite): WriteCount {
  const count = { version: 0 };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any method of PGlite's, its own signature kept
  const counted = <Method extends (...args: any[]) => Promise<unknown>>(run: Method, isWrite: (first: unknown) => boolean) =>
    (async (...args: Parameters<Method>) => {
      try {
        return await run(...args);
      } finally {
        if (isWrite(args[0])) count.version += 1;
      }
    }) as Method;
  const isWriteText = (text: unknown) => typeof text === 'string' && mayWrite(text);
  client.query = counted(client.query.bind(client), isWriteText);
  client.exec = counted(client.exec.bind(client), isWriteText);
  client.transaction = counted(client.transaction.bind(client), () => true);
  return count;
}

/** The PostgreSQL extensions the migrations create, which PGlite must be given to load. */
export const pgliteExtensions = { pg_trgm };

/** PGlite in dataDir (or in memory when dataDir is undefined), started from `snapshot` (a dumped data directory) when given. */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    if (!snapshot && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initializeCluster(dataDir);
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: snapshot,
    postgresqlconf: [await sharedBuffersFor(dataDir)],
    extensions: pgliteExtensions,
  });
  const statements = { query: client.query.bind(client), exec: client.exec.bind(client), listen: client.listen.bind(client) };
  const writes = countWrites(client);
  const db = drizzlePglite(client);
  writeCounts.set(db, writes);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: statements,
    // One process holds the database: no notice is ever lost, so there is nothing to resync.
    listen: async (channel, handler) => {
      const unlisten = await client.listen(checkChannel(channel), handler);
      return () => unlisten();
    },
    // One process holds the database.
    oneAtATime: (work) => work(),
    checkpoint: async () => {
      await client.exec('CHECKPOINT');
    },
    // Taken while no transaction is open (PGlite runs one at a time, and a single statement holds the
    // database while the files are read), after a checkpoint: reopened, it is the database at that moment.
    snapshot: async () => {
      await client.exec('CHECKPOINT');
      return client.transaction(async () => client.dumpDataDir('gzip'));
    },
    close: () => client.close(),
  };
}

// Any 64-bit numbers no other advisory lock of the application uses.
const migrationLockKey = 7_110_250;
const startLockKey = 7_110_252;

/**
 * Runs `work` while this process holds the advisory lock `key` on one of the pool's connections: other
 * processes asking for it wait until `work` ends.
 */
async function underLock<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/**
 * Several server processes may start at once on one database (a deploy, a restart of all of them):
 * the migrations run in one of them at a time, on one connection holding an advisory lock, so the
 * others wait and then find every migration applied instead of failing on a table the first created.
 */
const migrateUnderLock = (pool: pg.Pool) =>
  underLock(pool, migrationLockKey, (client) => migratePostgres(drizzlePostgres(client), { migrationsFolder }));

export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  // JIT compiles plans that look expensive; for the short queries of a web request it only adds latency.
  const max = options.max ?? 10;
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off' });
  // An idle connection the server closes (a restart, a failover) must not crash the process: the pool
  // drops it and the next query opens a new one, reporting any real trouble to its caller.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool);
  await migrateUnderLock(pool);
  const listener = createPostgresListener(connectionString);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url: connectionString,
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handler, onResync) => listener.listen(channel, handler, onResync),
    // The lock's connection only waits: `work` runs on the others.
    oneAtATime: (work) => underLock(pool, startLockKey, work),
    checkpoint: async () => {
      await db.execute(sql`CHECKPOINT`).catch(() => undefined);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Whether the database answers at all: one round trip (the readiness check). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
