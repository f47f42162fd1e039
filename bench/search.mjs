// npm run bench:search — project search as users really use it, at scale. Generates 1,000,000 projects
// and 200,000 professionals in a throwaway PostgreSQL (fsync on), and 100,000 projects in PGlite, then
// for each size drives GET /api/search/jobs at 32 connections with a long tail of different searches
// (bench/search-mix.mjs: Zipf popularity over 30,000 searches, English and Arabic, filters, sorts,
// pages 1 to 5) while users write (5 proposals a second, a project closed or reopened every second,
// through the API). It prints, from the same run:
//   - the long tail through the endpoint, with how often its answer cache answered;
//   - the same searches straight through the search (the repository and its in-memory index on the
//     driver, no HTTP, no cache), and the endpoint/direct ratio; how long the index took to load;
//   - searches near a point only (points around the cities, radii of 5-100 km, nearest first or not);
//   - searches that match nothing, in every sort, one at a time; the cost of a page by depth;
//   - proposals a second flat out, with the job_changes trigger the search index reads (migration
//     0014) and without it;
//   - the server's memory idle and after the load, and the search index's share; then the server started
//     again, and how long it takes to hold its index from the snapshot the first wrote and the changes since;
//   - 240 rotating searches, labelled for what they are: a figure the cache answers;
//   - the server's memory on the demo data (`npm start`): idle after its first start, at the peak of
//     the long tail, and idle after a restart.
//   - GET /api/search/professionals over 200,000 professionals (beside the 10,000 projects): its own
//     long tail (names, skills, trades, places, rates, sorts, pages) while users write, the same
//     searches on the driver, searches that match nothing in every sort, and pages by depth.
// Needs `npm run build` first (the script does it).
//   BENCH_PROJECTS=1000000 BENCH_PROFESSIONALS=200000 BENCH_PGLITE_PROJECTS=100000 BENCH_SECONDS=20 BENCH_DEMO=1
//   BENCH_DATABASE_URL=postgres://… runs only against that database, already filled (bench/search-data.mjs).
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobSearchParamsSchema, professionalSearchParamsSchema } from '@mihna/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServer } from './harness.mjs';
import { projectsSql, searchTerms, skills, usersSql } from './search-data.mjs';
import { longTailMix, queryString } from './search-mix.mjs';
import { prepareWrites, startWrites } from './search-writes.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1_000_000);
const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 200_000);
const PGLITE_PROJECTS = Number(process.env.BENCH_PGLITE_PROJECTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const EXISTING = process.env.BENCH_DATABASE_URL;
const DEMO = process.env.BENCH_DEMO !== '0';
const CONNECTIONS = 32;
const POOL = 10; // the server's pool size (apps/server/src/db/client.ts)

if (!fs.existsSync('apps/server/dist/main.js')) throw new Error('Run `npm run build` first.');

// The search function itself (tsx loads the TypeScript), so the direct run issues exactly the endpoint's SQL.
const { createJobsRepository } = await import('../apps/server/src/modules/jobs/jobs.repository.ts');
const { createProfilesRepository } = await import('../apps/server/src/modules/profiles/profiles.repository.ts');
const { sharedBuffersFor } = await import('../apps/server/src/db/client.ts');

const mix = longTailMix();
const professionalMix = longTailMix({ of: 'professionals' });
const nearbyMix = longTailMix({ of: 'nearby', seed: 31 });

/** 240 searches: 42 terms (English and Arabic) crossed with filter mixes: the cache-friendly line. */
function rotatingSearches() {
  const mixes = [
    {},
    { country: 'AE' },
    { country: 'SA', region: 'riyadh' },
    { emirate: 'dubai' },
    { industry_category: 'technology_it' },
    { job_type: 'hourly' },
    { sort_by: 'budget' },
    { sort_by: 'proposal_count' },
    { country: 'AE', min_budget: 1000, max_budget: 20000 },
    { skills: skills[3] },
    { country: 'QA', job_type: 'fixed', sort_by: 'budget' },
    { industry_category: 'design_creative', country: 'AE' },
  ];
  return Array.from({ length: 240 }, (_, index) => ({
    ...(index % 5 !== 4 ? { q: searchTerms[index % searchTerms.length] } : {}),
    ...mixes[index % mixes.length],
    limit: 20,
  }));
}

function summarise(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1) };
}

const format = (label, figures) =>
  `${label.padEnd(44)} ${figures.rps.toFixed(0).padStart(6)} req/s   p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms`;

/** Closed loop: 32 connections, each sending the next search as soon as the last is answered. */
async function loadEndpoint(base, nextSearch, endpoint = '/api/search/jobs') {
  const latencies = [];
  const sent = new Set();
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = `${endpoint}?${queryString(nextSearch())}`;
          sent.add(path);
          return { ...request, path };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`endpoint: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...summarise(latencies, SECONDS), distinct: sent.size, requests: latencies.length };
}

/** Closed loop on the driver: 32 callers, each calling `search()` again as soon as it answers. */
async function loadOnDriver(search) {
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        await search();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return summarise(latencies, SECONDS);
}

/** The same searches through the repository and its own index on the driver, on a pool of the server's size. */
async function loadDirect(url, nextSearch) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  try {
    const repository = createJobsRepository(drizzle(pool));
    const loading = performance.now();
    await repository.catchUpSearch();
    const loadSeconds = (performance.now() - loading) / 1000;
    const figures = await loadOnDriver(() => repository.searchJobs(jobSearchParamsSchema.parse(nextSearch()), new Date()));
    return { ...figures, loadSeconds };
  } finally {
    await pool.end();
  }
}

async function cacheStats(base) {
  return (await fetch(`${base}/api/dev/search-cache`)).json();
}

function hitRates(before, after) {
  const delta = (field) => after.answers[field] - before.answers[field];
  const lookups = Math.max(1, delta('hits') + delta('joined') + delta('computed'));
  return `answer cache: ${((delta('hits') / lookups) * 100).toFixed(0)}% kept, ${((delta('joined') / lookups) * 100).toFixed(0)}% joined a computation`;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const indexSize = ({ index }) =>
  index
    ? `search index: ${index.jobs.toLocaleString('en')} jobs, ${index.tokens.toLocaleString('en')} tokens, ${mb(index.slot_bytes)} per-job arrays, ${mb(index.posting_bytes)} postings, ${mb(index.dense_bytes)} bit sets`
    : 'search index not loaded';

/** The long tail through the endpoint while users write; the caches' hit rates over the same run. */
async function longTail(base, prepared) {
  const before = await cacheStats(base);
  const stopWrites = startWrites(base, prepared);
  let figures;
  let writes;
  try {
    figures = await loadEndpoint(base, mix.sampler());
  } finally {
    writes = await stopWrites();
  }
  const after = await cacheStats(base);
  return { figures, writes, cache: hitRates(before, after), index: indexSize(after) };
}

/** Searches that match nothing, in every sort and on page 1 and 5, one at a time (never cached: each is new). */
async function noMatches(base) {
  const latencies = [];
  for (const [index, q] of ['zqxwv', 'websiet degign', 'نجارة حدادة', 'falconry yacht'].entries())
    for (const sort_by of ['created_at', 'budget', 'proposal_count'])
      for (const skip of [0, 80]) {
        const begin = performance.now();
        const response = await fetch(
          `${base}/api/search/jobs?${queryString({ q: `${q} ${index}${sort_by}${skip}`, sort_by, skip, limit: 20 })}`,
        );
        const body = await response.json();
        if (body.total !== 0) throw new Error(`expected no match for ${q}`);
        latencies.push(performance.now() - begin);
      }
  return summarise(latencies, latencies.reduce((sum, value) => sum + value, 0) / 1000);
}

/** The time of one page at increasing depth, following next_cursor (and by skip, for contrast). */
async function pageDepth(base) {
  const timed = async (url) => {
    const begin = performance.now();
    const body = await (await fetch(url)).json();
    return { ms: (performance.now() - begin).toFixed(1), body };
  };
  const rows = [];
  let cursor = null;
  for (let page = 1; page <= 1000; page += 1) {
    const { ms, body } = await timed(`${base}/api/search/jobs?q=design&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
    if ([1, 10, 100, 1000].includes(page)) rows.push(`page ${page} by cursor ${ms} ms`);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  for (const skip of [0, 1000, 9980])
    rows.push(`skip ${skip} ${(await timed(`${base}/api/search/jobs?q=design&limit=20&skip=${skip}`)).ms} ms`);
  return rows;
}

/** Proposals a second flat out (32 at a time through the API), with the job_changes triggers on and off. */
async function proposalsFlatOut(base, url, prepared) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const triggers = ['job_changes_on_insert_delete', 'job_changes_on_update'];
  const run = async (seed) => {
    let next = 0;
    const latencies = [];
    const deadline = performance.now() + 10_000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const writer = prepared.writers[(seed + next) % prepared.writers.length];
          const jobId = prepared.open[Math.floor((next * 7919 + seed) % prepared.open.length)];
          next += 1;
          const begin = performance.now();
          const response = await fetch(`${base}/api/proposals`, {
            method: 'POST',
            headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ job_id: jobId, proposal_text: 'Available this week for this project.', proposed_rate: 300 }),
          });
          await response.arrayBuffer();
          if (response.status === 201) latencies.push(performance.now() - begin);
        }
      }),
    );
    return summarise(latencies, 10);
  };
  try {
    const withLog = await run(101);
    for (const trigger of triggers) await client.query(`alter table jobs disable trigger ${trigger}`);
    const withoutLog = await run(202);
    return { withLog, withoutLog };
  } finally {
    for (const trigger of triggers) await client.query(`alter table jobs enable trigger ${trigger}`);
    await client.end();
  }
}

/** Searches in turn, over and over. */
const inTurn = (searches) => {
  let index = 0;
  return () => searches[index++ % searches.length];
};

/**
 * Everything measured against a running server. With the database's `url`, also the same searches
 * through the repository on the driver and proposals flat out (both reach the database from this process).
 */
async function measureServer(server, url) {
  const { base } = server;
  // The server answers ready once its search indexes are loaded: how long from its start until it holds the project index.
  const loading = performance.now();
  while ((await cacheStats(base)).index === null) await new Promise((resolve) => setTimeout(resolve, 200));
  const indexSeconds = server.readySeconds + (performance.now() - loading) / 1000;
  const prepared = await prepareWrites(base, { professionals: 16 });
  const idleMb = server.rssMb();
  const tail = await longTail(base, prepared);
  const loadedMb = server.rssMb();
  let direct;
  if (url) {
    const stopWrites = startWrites(base, prepared, { seed: 8 });
    direct = await loadDirect(url, mix.sampler()).finally(stopWrites);
  }
  const nearby = await loadEndpoint(base, nearbyMix.sampler());
  const none = await noMatches(base);
  const depth = await pageDepth(base);
  const rotating = await loadEndpoint(base, inTurn(rotatingSearches()));
  const proposals = url ? await proposalsFlatOut(base, url, prepared) : undefined;
  return { tail, direct, nearby, none, depth, rotating, proposals, memory: { indexSeconds, idleMb, loadedMb } };
}

/** How long a server started again takes to hold its index (from the snapshot its predecessor wrote, and the changes since). */
async function measureRestart(port, env) {
  const server = await startServer(port, env);
  try {
    const loading = performance.now();
    let stats;
    while ((stats = await cacheStats(server.base)).index === null) await new Promise((resolve) => setTimeout(resolve, 100));
    return {
      seconds: server.readySeconds + (performance.now() - loading) / 1000,
      mb: server.rssMb(),
      fromSnapshot: stats.index.restores > 0,
    };
  } finally {
    await server.stop();
  }
}

async function measureSize(url, size, port) {
  const snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-search-'));
  const env = { DATABASE_URL: url, SEED_DEMO: 'false', SEARCH_SNAPSHOT_DIR: snapshots };
  try {
    const server = await startServer(port, env);
    let figures;
    try {
      figures = await measureServer(server, url);
    } finally {
      await server.stop();
    }
    const projectsFile = path.join(snapshots, 'projects.index');
    const snapshotMb = fs.existsSync(projectsFile) ? fs.statSync(projectsFile).size / 1e6 : undefined;
    return { size, ...figures, restart: { ...(await measureRestart(port, env)), snapshotMb } };
  } finally {
    fs.rmSync(snapshots, { recursive: true, force: true });
  }
}

function report({ size, tail, direct, nearby, none, depth, rotating, proposals, memory, restart }, where) {
  const label = `${size.toLocaleString('en')} projects (${where})`;
  console.log(`\n${label}`);
  console.log(
    format('  long tail, endpoint, while users write', tail.figures) +
      `   ${tail.figures.distinct.toLocaleString('en')} different searches in ${tail.figures.requests.toLocaleString('en')} requests`,
  );
  console.log(`    ${tail.cache}`);
  console.log(`    ${tail.index}`);
  console.log(
    `    server memory (RSS): ${memory.idleMb.toFixed(0)} MB with its index loaded (ready ${memory.indexSeconds.toFixed(1)} s after the process started), ${memory.loadedMb.toFixed(0)} MB after the long tail`,
  );
  if (restart)
    console.log(
      `    started again: ready ${restart.seconds.toFixed(1)} s after the process started, its index ` +
        (restart.fromSnapshot
          ? `from the snapshot the first wrote (${restart.snapshotMb.toFixed(0)} MB) and the changes since`
          : 'from the rows (the first load was too quick to be worth a snapshot)') +
        `; ${restart.mb.toFixed(0)} MB RSS`,
    );
  console.log(
    `    writes meanwhile: ${tail.writes.proposalsPerSecond.toFixed(1)} proposals/s, ${tail.writes.togglesPerSecond.toFixed(1)} projects closed or reopened/s, p50 ${tail.writes.p50.toFixed(0)} ms p95 ${tail.writes.p95.toFixed(0)} ms${Object.keys(tail.writes.failures).length ? `, failures ${JSON.stringify(tail.writes.failures)}` : ''}`,
  );
  if (direct) {
    console.log(
      format('  long tail, search on the driver', direct) +
        `   (no HTTP, no cache; its index loaded in ${direct.loadSeconds.toFixed(1)} s)`,
    );
    console.log(`    endpoint throughput = ${((tail.figures.rps / direct.rps) * 100).toFixed(0)}% of the search's on the driver`);
  }
  console.log(
    format('  near a point only (radius, nearest first)', nearby) +
      `   ${nearby.distinct.toLocaleString('en')} different searches in ${nearby.requests.toLocaleString('en')} requests`,
  );
  console.log(format('  no match, every sort, one at a time', none) + `   max ${none.max.toFixed(1)} ms`);
  if (depth) console.log(`  page by depth ('design'): ${depth.join(' · ')}`);
  console.log(format('  240 rotating searches (the cache answers)', rotating));
  if (proposals) {
    console.log(format('  proposals flat out, job_changes trigger on', proposals.withLog));
    console.log(format('  proposals flat out, job_changes trigger off', proposals.withoutLog));
  }
}

/**
 * GET /api/search/professionals over every professional in the database: the long tail through the
 * endpoint while users write, the same searches on the driver, searches that match nothing in every
 * sort, and pages by depth.
 */
async function measureProfessionals(url, port) {
  const server = await startServer(port, { DATABASE_URL: url, SEED_DEMO: 'false' });
  try {
    const { base } = server;
    // The server answers ready once its indexes are loaded; then the first search.
    const loading = performance.now();
    await (await fetch(`${base}/api/search/professionals?limit=1`)).arrayBuffer();
    const loadSeconds = server.readySeconds + (performance.now() - loading) / 1000;
    const idleMb = server.rssMb();
    const prepared = await prepareWrites(base, { professionals: 16 });
    const stopWrites = startWrites(base, prepared);
    let tail;
    let writes;
    try {
      tail = await loadEndpoint(base, professionalMix.sampler(), '/api/search/professionals');
    } finally {
      writes = await stopWrites();
    }
    const nextSearch = professionalMix.sampler();
    const stopDirectWrites = startWrites(base, prepared, { seed: 8 });
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    const repository = createProfilesRepository(drizzle(pool));
    const direct = await loadOnDriver(() => repository.searchProfessionals(professionalSearchParamsSchema.parse(nextSearch()))).finally(
      () => Promise.all([stopDirectWrites(), pool.end()]),
    );
    const latencies = [];
    for (const [index, q] of ['zqxwv', 'websiet degign', 'نجارة حدادة', 'falconry yacht'].entries())
      for (const sort_by of ['rating', 'rate', 'created_at'])
        for (const skip of [0, 80]) {
          const begin = performance.now();
          const body = await (
            await fetch(
              `${base}/api/search/professionals?${queryString({ q: `${q} ${index}${sort_by}${skip}`, sort_by, skip, limit: 20 })}`,
            )
          ).json();
          if (body.pagination.total !== 0) throw new Error(`expected no professional for ${q}`);
          latencies.push(performance.now() - begin);
        }
    const none = summarise(latencies, latencies.reduce((sum, value) => sum + value, 0) / 1000);
    const depth = [];
    for (const skip of [0, 1000, 9980]) {
      const begin = performance.now();
      await (await fetch(`${base}/api/search/professionals?q=react&limit=20&skip=${skip}`)).arrayBuffer();
      depth.push(`skip ${skip} ${(performance.now() - begin).toFixed(1)} ms`);
    }
    return { tail, writes, direct, none, depth, loadSeconds, idleMb, loadedMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}

function reportProfessionals(count, { tail, writes, direct, none, depth, loadSeconds, idleMb, loadedMb }) {
  console.log(`\n${count.toLocaleString('en')} professionals (PostgreSQL)`);
  console.log(
    format('  long tail, endpoint, while users write', tail) +
      `   ${tail.distinct.toLocaleString('en')} different searches in ${tail.requests.toLocaleString('en')} requests`,
  );
  console.log(
    `    writes meanwhile: ${writes.proposalsPerSecond.toFixed(1)} proposals/s, p50 ${writes.p50.toFixed(0)} ms p95 ${writes.p95.toFixed(0)} ms`,
  );
  console.log(
    `    server memory (RSS): ${idleMb.toFixed(0)} MB with both indexes loaded (the first search answered ${loadSeconds.toFixed(1)} s after the process started), ${loadedMb.toFixed(0)} MB after the runs`,
  );
  console.log(format('  long tail, search on the driver', direct) + '   (no HTTP)');
  console.log(`    endpoint throughput = ${((tail.rps / direct.rps) * 100).toFixed(0)}% of the search's on the driver`);
  console.log(format('  no match, every sort, one at a time', none) + `   max ${none.max.toFixed(1)} ms`);
  console.log(`  page by depth ('react'): ${depth.join(' · ')}`);
}

async function fill(client, from, to) {
  const begin = performance.now();
  await client.query(projectsSql(to - from));
  await client.query('VACUUM ANALYZE jobs, job_search');
  console.log(`  ${(to - from).toLocaleString('en')} projects in ${((performance.now() - begin) / 1000).toFixed(1)} s`);
}

async function postgresRuns() {
  if (EXISTING) {
    const client = new pg.Client({ connectionString: EXISTING });
    await client.connect();
    const { rows } = await client.query(
      `select (select count(*) from jobs)::int as projects, (select count(*) from users where role = 'professional')::int as professionals`,
    );
    // Each run registers its writers from this machine: earlier runs' registrations must not trip the hourly limits.
    await client.query(`delete from rate_limit_counters`);
    await client.end();
    if (PROJECTS > 0) report(await measureSize(EXISTING, rows[0].projects, 3301), 'PostgreSQL');
    if (PROFESSIONALS > 0) reportProfessionals(rows[0].professionals, await measureProfessionals(EXISTING, 3301));
    return;
  }
  const cluster = await startThrowawayPostgres({
    shared_buffers: '2GB',
    effective_cache_size: '8GB',
    work_mem: '16MB',
    max_parallel_workers_per_gather: '0',
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
  });
  try {
    // The server applies the migrations; then the data goes straight in.
    await (await startServer(3301, { DATABASE_URL: cluster.url, SEED_DEMO: 'false' })).stop();
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(usersSql(2000, 'employer', 0));
    await client.query(usersSql(PROFESSIONALS, 'professional', 10_000));
    await client.query('VACUUM ANALYZE users');
    let loaded = 0;
    for (const size of [...new Set([10_000, PROJECTS])]) {
      await fill(client, loaded, size);
      loaded = size;
      report(await measureSize(cluster.url, size, 3301), 'PostgreSQL');
      if (size === 10_000 && PROFESSIONALS > 0) reportProfessionals(PROFESSIONALS, await measureProfessionals(cluster.url, 3301));
    }
    await client.end();
  } finally {
    cluster.stop();
  }
}

async function pgliteRun() {
  const { PGlite } = await import('@electric-sql/pglite');
  // The extensions the migrations created (the server's own list, db/client.ts).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-pglite-'));
  try {
    await (await startServer(3302, { DATA_DIR: dataDir, SEED_DEMO: 'false' }, { keepData: true })).stop();
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await client.exec(usersSql(500, 'employer', 0));
    await client.exec(projectsSql(PGLITE_PROJECTS));
    await client.exec('VACUUM ANALYZE jobs, job_search');
    await client.close();
    console.log(`PGlite with ${PGLITE_PROJECTS} projects runs with ${await sharedBuffersFor(path.join(dataDir, 'pglite'))}`);
    const server = await startServer(3302, { DATA_DIR: dataDir, SEED_DEMO: 'false' }, { keepData: true });
    try {
      report({ size: PGLITE_PROJECTS, ...(await measureServer(server)) }, 'PGlite');
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A server's memory at rest: a minute after it last worked. V8 keeps what startup used for about half
 * a minute, then gives it back in rounds (on the demo data: 315 MB for 28 s, 284 MB, then 270 MB from 41 s).
 */
async function idleRss(server) {
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  return server.rssMb();
}

/** The server as `npm start` runs it (PGlite, demo data): its memory at rest and under the long tail. */
async function demoRun() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-demo-'));
  try {
    let server = await startServer(3303, { DATA_DIR: dataDir }, { keepData: true });
    let tail;
    let started;
    let firstIdle;
    let peak;
    try {
      while ((await cacheStats(server.base)).index === null) await new Promise((resolve) => setTimeout(resolve, 200));
      await new Promise((resolve) => setTimeout(resolve, 5000));
      started = server.rssMb();
      firstIdle = await idleRss(server);
      const prepared = await prepareWrites(server.base, { professionals: 16 });
      const stopSampling = server.peakRss();
      tail = await longTail(server.base, prepared);
      peak = stopSampling();
    } finally {
      await server.stop();
    }
    server = await startServer(3303, { DATA_DIR: dataDir }, { keepData: true });
    let restartIdle;
    try {
      restartIdle = await idleRss(server);
    } finally {
      await server.stop();
    }
    console.log('\nDemo data (npm start, PGlite)');
    console.log(
      format('  long tail, endpoint, while users write', tail.figures) +
        `   ${tail.figures.distinct.toLocaleString('en')} different searches`,
    );
    console.log(
      `  server memory (RSS) after its first start (database created and seeded): ${started.toFixed(0)} MB 5 s after its index loaded, ${firstIdle.toFixed(0)} MB idle a minute later`,
    );
    console.log(
      `  ${peak.toFixed(0)} MB at the peak of the long tail; after a restart, ${restartIdle.toFixed(0)} MB idle a minute after it started`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `GET /api/search/jobs: ${CONNECTIONS} connections, ${SECONDS} s a run; the long tail draws from ${mix.searches.length.toLocaleString('en')} searches`,
);
if (PROJECTS > 0 || EXISTING) await postgresRuns();
if (PGLITE_PROJECTS > 0 && !EXISTING) await pgliteRun();
if (DEMO && !EXISTING) await demoRun();
