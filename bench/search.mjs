// npm run bench:search — project search at scale. Generates 1,000,000 projects and 200,000 professionals
// in a throwaway PostgreSQL (100,000 projects in PGlite), then drives GET /api/search/jobs with rotating
// terms and filter mixes at 32 connections (autocannon) and runs the same SQL straight through the
// driver at the same concurrency. Prints latency percentiles, throughput and their ratio; p50 at 10k
// against 1M; and the cost of a page by depth. The endpoint keeps answers in its search cache while
// they are true, so it also prints what it costs when nothing is cached (each search's first request)
// and under load while jobs change (a proposal every second, a job leaving or joining the open ones
// every ten seconds). Needs `npm run build` first.
//   BENCH_PROJECTS=1000000 BENCH_PROFESSIONALS=200000 BENCH_PGLITE_PROJECTS=100000 BENCH_SECONDS=20
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobSearchParamsSchema } from '@mihna/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServer } from './harness.mjs';
import { projectsSql, searchTerms, skills, usersSql } from './search-data.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1_000_000);
const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 200_000);
const PGLITE_PROJECTS = Number(process.env.BENCH_PGLITE_PROJECTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 32;
const POOL = 10; // the server's pool size (apps/server/src/db/client.ts)

if (!fs.existsSync('apps/server/dist/main.js')) throw new Error('Run `npm run build` first.');

// The search function itself (tsx loads the TypeScript), so the direct run issues exactly the endpoint's SQL.
const { createJobsRepository } = await import('../apps/server/src/modules/jobs/jobs.repository.ts');

/** 240 searches: 42 terms (English and Arabic) crossed with filter mixes, some without text. */
function searchMix() {
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
  const queries = [];
  for (let index = 0; index < 240; index += 1) {
    const mix = mixes[index % mixes.length];
    const withText = index % 5 !== 4;
    queries.push({ ...(withText ? { q: searchTerms[index % searchTerms.length] } : {}), ...mix, limit: 20 });
  }
  return queries;
}
const queryString = (query) => new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

async function loadEndpoint(base, queries) {
  const paths = queries.map((query) => `/api/search/jobs?${queryString(query)}`);
  let next = 0;
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`endpoint: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return summarise(latencies);
}

function summarise(latencies) {
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The same searches straight through node-postgres: each search's statements, in order, 32 callers. */
async function loadDirect(url, queries) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  const captured = [];
  const recording = drizzle(pool, { logger: { logQuery: (text, params) => captured.at(-1).push({ text, params }) } });
  const now = new Date();
  const scripts = [];
  for (const query of queries) {
    captured.push([]);
    await createJobsRepository(recording).searchJobs(jobSearchParamsSchema.parse(query), now);
    scripts.push(
      captured
        .at(-1)
        .map(({ text, params }) => ({ text, values: params.map((value) => (value instanceof Date ? value.toISOString() : value)) })),
    );
  }
  const latencies = [];
  let next = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const script = scripts[next++ % scripts.length];
        const begin = performance.now();
        for (const statement of script) await pool.query(statement.text, statement.values);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  await pool.end();
  return summarise(latencies);
}

/** Each search once, one at a time, before any is cached: what a search costs when it is computed. */
async function firstRequests(base, queries) {
  const latencies = [];
  for (const query of queries) {
    const begin = performance.now();
    const response = await fetch(`${base}/api/search/jobs?${queryString(query)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`first requests: ${response.status}`);
    latencies.push(performance.now() - begin);
  }
  return { ...summarise(latencies), rps: latencies.length / (latencies.reduce((sum, value) => sum + value, 0) / 1000) };
}

/** Changes jobs while `run()` lasts: a proposal every second, a job closed or reopened every ten seconds. */
async function whileJobsChange(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("select id from jobs where status = 'open' order by created_at desc limit 100");
  let tick = 0;
  const timer = setInterval(() => {
    const id = rows[tick % rows.length].id;
    tick += 1;
    void client.query('update jobs set proposal_count = proposal_count + 1 where id = $1', [id]);
    if (tick % 10 === 0)
      void client.query("update jobs set status = case status when 'open' then 'assigned' else 'open' end where id = $1", [id]);
  }, 1000);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    await client.end();
  }
}

/** The time of one page at increasing depth, following next_cursor (and by skip, for contrast); each page is computed, not cached. */
async function pageDepth(base) {
  const timed = async (url) => {
    const begin = performance.now();
    const body = await (await fetch(url)).json();
    return { ms: (performance.now() - begin).toFixed(1), body };
  };
  const rows = [];
  let cursor = null;
  for (let page = 1; page <= 1000; page += 1) {
    const { ms, body } = await timed(`${base}/api/search/jobs?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
    if ([1, 10, 100, 1000].includes(page)) rows.push(`page ${page} by cursor ${ms} ms`);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  for (const skip of [0, 1000, 10000]) rows.push(`skip ${skip} ${(await timed(`${base}/api/search/jobs?limit=20&skip=${skip}`)).ms} ms`);
  return rows;
}

const format = (label, figures) =>
  `${label.padEnd(40)} ${figures.rps.toFixed(0).padStart(6)} req/s   p50 ${figures.p50.toFixed(1).padStart(6)} ms   p95 ${figures.p95.toFixed(1).padStart(6)} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms`;

async function prepare(client) {
  await client.query('VACUUM ANALYZE jobs');
  await client.query('VACUUM ANALYZE users');
}

async function postgresRun() {
  const cluster = await startThrowawayPostgres({
    shared_buffers: '2GB',
    effective_cache_size: '8GB',
    work_mem: '16MB',
    max_parallel_workers_per_gather: '0',
  });
  const queries = searchMix();
  try {
    const url = cluster.url;
    // The server applies the migrations; then the data goes straight in.
    let server = await startServer(3301, { DATABASE_URL: url, SEED_DEMO: 'false' });
    await server.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const timed = async (label, statement) => {
      const begin = performance.now();
      await client.query(statement);
      console.log(`  ${label} in ${((performance.now() - begin) / 1000).toFixed(1)} s`);
    };
    await timed('2,000 employers', usersSql(2000, 'employer', 0));
    await timed(`${PROFESSIONALS.toLocaleString('en')} professionals`, usersSql(PROFESSIONALS, 'professional', 10_000));

    const results = [];
    let loaded = 0;
    for (const size of [10_000, PROJECTS]) {
      await timed(`${(size - loaded).toLocaleString('en')} projects`, projectsSql(size - loaded));
      loaded = size;
      await prepare(client);
      server = await startServer(3301, { DATABASE_URL: url, SEED_DEMO: 'false' });
      try {
        const depth = size === PROJECTS ? await pageDepth(server.base) : [];
        const first = await firstRequests(server.base, queries);
        const endpoint = await loadEndpoint(server.base, queries);
        const changing = size === PROJECTS ? await whileJobsChange(url, () => loadEndpoint(server.base, queries)) : undefined;
        const direct = await loadDirect(url, queries);
        results.push({ size, first, endpoint, changing, direct, depth });
      } finally {
        await server.stop();
      }
    }
    await client.end();
    return results;
  } finally {
    cluster.stop();
  }
}

async function pgliteRun() {
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-pglite-'));
  try {
    let server = await startServer(3302, { DATA_DIR: dataDir, SEED_DEMO: 'false' }, { keepData: true });
    await server.stop();
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    await client.exec(usersSql(500, 'employer', 0));
    const begin = performance.now();
    await client.exec(projectsSql(PGLITE_PROJECTS));
    console.log(`  PGlite: ${PGLITE_PROJECTS.toLocaleString('en')} projects in ${((performance.now() - begin) / 1000).toFixed(1)} s`);
    await client.exec('VACUUM ANALYZE jobs');
    await client.close();
    server = await startServer(3302, { DATA_DIR: dataDir, SEED_DEMO: 'false' }, { keepData: true });
    try {
      const first = await firstRequests(server.base, searchMix());
      return { first, endpoint: await loadEndpoint(server.base, searchMix()) };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Generating ${PROJECTS.toLocaleString('en')} projects and ${PROFESSIONALS.toLocaleString('en')} professionals in PostgreSQL…`);
const results = await postgresRun();
console.log(
  `\nGET /api/search/jobs, ${searchTerms.length} terms × filter mixes, ${CONNECTIONS} connections, ${SECONDS} s each (PostgreSQL)`,
);
for (const { size, first, endpoint, changing, direct } of results) {
  console.log(format(`${size.toLocaleString('en')} projects, first requests`, first) + '   (one at a time, nothing cached)');
  console.log(format(`${size.toLocaleString('en')} projects, endpoint`, endpoint));
  if (changing) console.log(format(`${size.toLocaleString('en')} projects, while jobs change`, changing));
  console.log(format(`${size.toLocaleString('en')} projects, direct SQL`, direct) + '   (nothing cached)');
  console.log(`  endpoint throughput = ${((endpoint.rps / direct.rps) * 100).toFixed(0)}% of direct SQL`);
}
const [small, large] = results;
console.log(
  `p50 at ${large.size.toLocaleString('en')} / p50 at ${small.size.toLocaleString('en')}: ${(large.endpoint.p50 / small.endpoint.p50).toFixed(2)}×`,
);
console.log(`Page by depth (${large.size.toLocaleString('en')} projects, no filters): ${large.depth.join(' · ')}`);

if (PGLITE_PROJECTS > 0) {
  console.log(`\nPGlite with ${PGLITE_PROJECTS.toLocaleString('en')} projects…`);
  const { first, endpoint } = await pgliteRun();
  console.log(format(`${PGLITE_PROJECTS.toLocaleString('en')} projects, first requests (PGlite)`, first));
  console.log(format(`${PGLITE_PROJECTS.toLocaleString('en')} projects, endpoint (PGlite)`, endpoint));
}
