import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pgliteExtensions } from '../db/client.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { jobInput } from '../modules/jobs/test-jobs.ts';
import { call, createProcessDatabase, freePort, registerOverHttp, startServer, type ServerProcess } from '../test/server-process.ts';
import { fromNewAddress, missingWrites, startWriteLoad } from '../test/write-load.ts';

// Runs once per API run: on a PostgreSQL database when TEST_DATABASE_URL names a server, else on a
// PGlite data directory. `npm test` runs the API suite both ways, so both are covered.
const serverUrl = process.env.TEST_DATABASE_URL;

/** PostgreSQL's own checks (amcheck) of every table and B-tree index in a PGlite directory: what they find wrong. */
async function corruptionIn(directory: string): Promise<string[]> {
  const client = await PGlite.create(directory, { extensions: { amcheck, ...pgliteExtensions } });
  try {
    await client.exec('create extension if not exists amcheck');
    const tables = await client.query<{ problem: string }>(
      `select c.relname || ': ' || v.msg as problem from pg_class c, verify_heapam(c.oid) v
        where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`,
    );
    const indexes = await client.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace`,
    );
    const problems = tables.rows.map((row) => row.problem);
    for (const { name } of indexes.rows) {
      try {
        await client.query(`select bt_index_check($1::regclass, true)`, [name]);
      } catch (error) {
        problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(indexes.rows.length).toBeGreaterThan(10);
    return problems;
  } finally {
    await client.close();
  }
}

describe(`kill -9 under a steady write load, on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    serverUrl
      ? 'every write acknowledged before the kill is there after the restart'
      : 'the data directory reopens after the kill (stale lock taken over), passes the checks, and keeps every acknowledged write',
    async () => {
      let location: { databaseUrl: string } | { dataDir: string };
      if (serverUrl) {
        const database = await createProcessDatabase(serverUrl);
        cleanups.push(() => database.drop());
        location = { databaseUrl: database.url };
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-crash-'));
        cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        location = { dataDir };
      }
      const launch = async () => {
        const server: ServerProcess = startServer({ port: await freePort(), ...location, env: { TRUST_PROXY: '1' } });
        cleanups.push(() => server.stop('SIGKILL'));
        await server.ready;
        return server;
      };

      const first = await launch();
      const employer = await registerOverHttp(first.url, { role: 'employer', company_name: 'Falcon Tech' }, { headers: fromNewAddress });
      const firstJob = await call<{ id: string }>(first.url, 'POST', '/api/jobs', { token: employer.token, body: jobInput() });
      expect(firstJob.status).toBe(201);

      const load = startWriteLoad(first.url, { employer, firstJob: firstJob.body.id, headers: fromNewAddress });
      const loadStarted = Date.now();
      const { acknowledged } = load;
      // At least 2 s of load, and enough of each write to mean something.
      const isEnough = () => Date.now() - loadStarted >= 2_000 && acknowledged.users.length >= 6 && acknowledged.proposals.length >= 3;
      while (Date.now() - loadStarted < 15_000 && !isEnough()) await sleep(50);
      // Killed in the middle of the load: requests are in flight on every worker.
      expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      await load.stop();
      const counts = `${acknowledged.users.length} registrations, ${acknowledged.jobs.length} projects, ${acknowledged.proposals.length} proposals`;
      console.info(`acknowledged before the kill after ${Date.now() - loadStarted} ms: ${counts}`);
      expect(acknowledged.users.length).toBeGreaterThanOrEqual(6);
      expect(acknowledged.proposals.length).toBeGreaterThanOrEqual(3);

      // The killed server left its data-directory lock behind; the next one must take it over.
      if ('dataDir' in location) expect(fs.readFileSync(path.join(location.dataDir, 'mihna.lock'), 'utf8')).toBe(String(first.child.pid));
      const second = await launch();
      expect((await call(second.url, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
      expect((await call(second.url, 'GET', '/readyz')).body).toEqual({ status: 'ready', database: serverUrl ? 'postgres' : 'pglite' });
      expect(await missingWrites(second.url, acknowledged, employer)).toEqual([]);
      // The recovered database takes writes, and the server stops cleanly on it.
      const again = await call(second.url, 'POST', '/api/jobs', { token: employer.token, body: jobInput({ title: 'After the restart' }) });
      expect(again.status).toBe(201);
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      if ('dataDir' in location) {
        expect(fs.existsSync(path.join(location.dataDir, 'mihna.lock'))).toBe(false);
        expect(await corruptionIn(path.join(location.dataDir, 'pglite'))).toEqual([]);
      }
    },
    60_000,
  );
});
