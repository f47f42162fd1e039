import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from './config.ts';
import { pgliteExtensions } from './db/client.ts';
import { DataDirectoryLockedError, lockDataDirectory } from './db/lock.ts';

/**
 * `npm run backup` and `npm run restore` (README, Backups). On PostgreSQL a backup is `pg_dump`'s
 * custom format, one consistent snapshot however many servers write meanwhile; on the embedded
 * database it is PGlite's dump of its data directory, taken by the running server (its operations
 * listener, `POST /backup`) between two transactions, or straight from the directory when no server
 * holds it. Uploaded files live in the database, so a backup holds everything. A restore goes into
 * an empty database or a new data directory only: it never overwrites what is there.
 */

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  /** How it was taken: 'pg_dump', 'running server' or 'data directory'. */
  source: 'pg_dump' | 'running server' | 'data directory';
}

const pgliteDirectory = (config: Config) => path.join(config.dataDir, 'pglite');

/** Where a backup goes when not told: backups/mihna-<time>.dump (PostgreSQL) or .tar.gz (PGlite). */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.resolve('backups', `mihna-${stamp}${config.databaseUrl ? '.dump' : '.tar.gz'}`);
}

export async function backup(config: Config, file = defaultBackupFile(config)): Promise<BackupResult> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written beside the file and renamed at the end: a backup cut short never looks like a whole one.
  const partial = `${file}.partial`;
  try {
    const source = config.databaseUrl ? await dumpPostgres(config.databaseUrl, partial) : await dumpPglite(config, partial);
    await fs.rename(partial, file);
    return { file, bytes: (await fs.stat(file)).size, source };
  } finally {
    await fs.rm(partial, { force: true });
  }
}

export async function restore(config: Config, file: string): Promise<{ into: string }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    return { into: redacted(config.databaseUrl) };
  }
  await restorePglite(config, file);
  return { into: config.dataDir };
}

async function dumpPglite(config: Config, file: string): Promise<BackupResult['source']> {
  if (config.operations) {
    const answer = await fetch(`http://${config.operations.host}:${config.operations.port}/backup`, { method: 'POST' }).catch(
      () => undefined,
    );
    if (answer?.ok && answer.body) {
      await pipeline(Readable.fromWeb(answer.body), createWriteStream(file));
      return 'running server';
    }
    if (answer)
      throw new BackupError(
        `The server at METRICS_PORT ${config.operations.port} refused the backup: ${answer.status} ${await answer.text()}`,
      );
  }
  if (!existsSync(path.join(pgliteDirectory(config), 'PG_VERSION')))
    throw new BackupError(`There is no database in ${config.dataDir} to back up.`);
  let lock: { release: () => void };
  try {
    lock = lockDataDirectory(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    throw new BackupError(
      `A server holds ${config.dataDir}, and it can be asked for a backup only on its operations listener: ` +
        'start it with METRICS_PORT set, and run npm run backup with the same METRICS_PORT.',
    );
  }
  try {
    const client = await PGlite.create({ dataDir: pgliteDirectory(config), extensions: pgliteExtensions });
    try {
      const dump = await client.dumpDataDir('gzip');
      await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  return 'data directory';
}

async function restorePglite(config: Config, file: string) {
  const directory = pgliteDirectory(config);
  if (existsSync(path.join(directory, 'PG_VERSION'))) {
    throw new BackupError(
      `${config.dataDir} already holds a database. Restore into a new data directory (DATA_DIR=…), or move this one away first.`,
    );
  }
  const lock = lockDataDirectory(config.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: directory,
      loadDataDir: new Blob([await fs.readFile(file)]),
      extensions: pgliteExtensions,
    });
    // A checkpoint writes the restored cluster out in full before the directory is let go.
    await client.exec('CHECKPOINT');
    await client.close();
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw new BackupError(
      `${file} is not a backup of Mihna's embedded database: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    lock.release();
  }
}

async function dumpPostgres(url: string, file: string): Promise<BackupResult['source']> {
  await run(postgresTool('pg_dump'), [
    '--format=custom',
    '--compress=6',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
  return 'pg_dump';
}

async function restorePostgres(url: string, file: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.tables > 0) {
      throw new BackupError(`The database at DATABASE_URL already has ${rows[0]!.tables} tables. Restore into a new, empty database.`);
    }
  } finally {
    await client.end();
  }
  // One transaction: a restore that fails leaves the database as empty as it was.
  await run(postgresTool('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

/** pg_dump or pg_restore: from Debian's PostgreSQL packages (the newest, which reads every older server), or on PATH. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(debian, version, 'bin', name)).find((candidate) => existsSync(candidate));
  return found ?? name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${path.basename(command)} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(command)} failed (${code}): ${errors.trim()}`)),
    );
  });
}

const redacted = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');
