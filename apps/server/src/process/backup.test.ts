import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backup, restore } from '../backups.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { jobInput } from '../modules/jobs/test-jobs.ts';
import { checkLedgerInvariants } from '../modules/payments/ledger-invariants.ts';
import { testConfig } from '../test/harness.ts';
import { call, createProcessDatabase, freePort, registerOverHttp, startServer, type ServerProcess } from '../test/server-process.ts';
import { fromNewAddress, missingWrites, startWriteLoad, type Acknowledged } from '../test/write-load.ts';

// On PostgreSQL when TEST_DATABASE_URL names a server (pg_dump and pg_restore), else on a PGlite data
// directory (the running server's snapshot): `npm test` runs the API suite both ways.
const serverUrl = process.env.TEST_DATABASE_URL;
const serverDirectory = path.resolve(import.meta.dirname, '../..');

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

const copy = (acknowledged: Acknowledged): Acknowledged => ({
  users: [...acknowledged.users],
  jobs: [...acknowledged.jobs],
  proposals: [...acknowledged.proposals],
  payments: [...acknowledged.payments],
});

describe(`npm run backup under a write load, and npm run restore, on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const scratch = (prefix: string) => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(directory, { recursive: true, force: true }));
    return directory;
  };
  /** A place for a database: a new scratch database on the server, or a new data directory. */
  const newLocation = async () => {
    if (!serverUrl) return { dataDir: scratch('mihna-backup-data-') };
    const database = await createProcessDatabase(serverUrl);
    cleanups.push(() => database.drop());
    return { databaseUrl: database.url };
  };
  const configFor = (location: { dataDir?: string; databaseUrl?: string }, metricsPort?: number) =>
    testConfig({
      DATA_DIR: location.dataDir ?? scratch('mihna-unused-'),
      DATABASE_URL: location.databaseUrl ?? '',
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    });
  const launch = async (location: { dataDir?: string; databaseUrl?: string }, metricsPort?: number) => {
    const env: Record<string, string> = { TRUST_PROXY: '1', ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) };
    const server: ServerProcess = startServer({ port: await freePort(), ...location, env });
    cleanups.push(() => server.stop('SIGKILL'));
    await server.ready;
    return server;
  };
  const openDirect = async (location: { dataDir?: string; databaseUrl?: string }): Promise<Database> =>
    location.databaseUrl ? openPostgres(location.databaseUrl) : openPglite(path.join(location.dataDir!, 'pglite'));

  it('takes a consistent backup while the server writes, which restores with every write acknowledged before it and a balanced ledger', async () => {
    const original = await newLocation();
    const metricsPort = await freePort();
    const server = await launch(original, metricsPort);
    const employer = await registerOverHttp(server.url, { role: 'employer', company_name: 'Falcon Tech' }, { headers: fromNewAddress });
    const firstJob = await call<{ id: string }>(server.url, 'POST', '/api/jobs', { token: employer.token, body: jobInput() });
    expect(firstJob.status).toBe(201);

    const load = startWriteLoad(server.url, { employer, firstJob: firstJob.body.id, payments: true, headers: fromNewAddress });
    const started = Date.now();
    const isEnough = () =>
      load.acknowledged.users.length >= 6 && load.acknowledged.proposals.length >= 3 && load.acknowledged.payments.length >= 2;
    while (Date.now() - started < 30_000 && !isEnough()) await sleep(50);
    expect(isEnough()).toBe(true);

    // The backup starts with the load running and writes in flight: what was acknowledged before it
    // started must be in it; what is acknowledged while it runs may or may not be.
    const before = copy(load.acknowledged);
    const file = path.join(scratch('mihna-backup-file-'), 'nested', serverUrl ? 'mihna.dump' : 'mihna.tar.gz');
    const taken = await backup(configFor(original, metricsPort), file);
    const duringBackup = load.acknowledged.users.length - before.users.length;
    await load.stop();
    expect(taken).toEqual({ file, bytes: fs.statSync(file).size, source: serverUrl ? 'pg_dump' : 'running server' });
    expect(taken.bytes).toBeGreaterThan(10_000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const acknowledged = `${before.users.length} registrations, ${before.jobs.length} projects, ${before.proposals.length} proposals, ${before.payments.length} escrow payments`;
    console.info(`backup of ${taken.bytes} bytes with ${acknowledged} acknowledged before it, ${duringBackup} registrations during it`);

    // A restore never overwrites a database that is there.
    await expect(restore(configFor(original), file)).rejects.toThrow(serverUrl ? /already has \d+ tables/ : /already holds a database/);

    const restored = await newLocation();
    await restore(configFor(restored), file);
    const second = await launch(restored);
    expect(await missingWrites(second.url, before, employer)).toEqual([]);
    // The restored database signs in, answers and takes writes as the original did.
    const again = await call(second.url, 'POST', '/api/jobs', { token: employer.token, body: jobInput({ title: 'After the restore' }) });
    expect(again.status).toBe(201);
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    const database = await openDirect(restored);
    try {
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses what is not a backup, and a restore that fails leaves the place empty', async () => {
    const notBackup = path.join(scratch('mihna-backup-file-'), 'notes.txt');
    fs.writeFileSync(notBackup, 'not a backup');
    const location = await newLocation();
    await expect(restore(configFor(location), notBackup)).rejects.toBeInstanceOf(BackupError);
    await expect(restore(configFor(location), path.join(os.tmpdir(), 'no-such-backup.dump'))).rejects.toThrow(/There is no backup at/);
    if (location.dataDir) expect(fs.existsSync(path.join(location.dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    else expect(await tablesIn(location.databaseUrl!)).toBe(0);
  });

  it.runIf(!serverUrl)(
    'backs up a data directory no server holds, and tells how to back up one that a server without METRICS_PORT holds',
    async () => {
      const location = { dataDir: scratch('mihna-backup-idle-') };
      const server = await launch(location);
      const config = configFor(location);
      await expect(backup(config, path.join(scratch('mihna-backup-file-'), 'held.tar.gz'))).rejects.toThrow(
        /start it with METRICS_PORT set/,
      );
      await server.stop('SIGTERM');
      const taken = await backup(config, path.join(scratch('mihna-backup-file-'), 'idle.tar.gz'));
      expect(taken.source).toBe('data directory');
      expect(fs.existsSync(path.join(location.dataDir, 'mihna.lock'))).toBe(false);
    },
  );

  it('npm run backup and npm run restore say what they did, or why not', () => {
    const env = { ...process.env, DATA_DIR: scratch('mihna-backup-cli-'), DATABASE_URL: '', METRICS_PORT: '' };
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], { cwd: serverDirectory, env, encoding: 'utf8' });
    const empty = cli('backup');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/There is no database in .* to back up\./);
    const usage = cli('restore');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run backup');
  });
});
