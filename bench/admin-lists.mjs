// npm run bench:admin — the admin console's directories on real PostgreSQL, over HTTP, page 1 and page
// 500 (skip 9,980) with a search term:
// - GET /api/admin/users at BENCH_ADMIN_USERS (200,000) users. The terms are a long tail: every first
//   and last name the seed gives (each matches 8–10% of the users, so page 500 exists), parts of them,
//   and e-mail fragments that match a handful.
// - GET /api/admin/projects at BENCH_ADMIN_PROJECTS (1,000,000) projects (bench/search-data.mjs's
//   titles, English and Arabic). The terms are the search benchmark's 42 words and parts of words;
//   the common ones match tens of thousands of titles, so page 500 exists.
// Each request counts its matches, pages them and reads the summary cards anew. BENCH_CLIENTS staff
// (4) ask at once, while the marketplace goes on: every 100 ms a project opens or closes, and every
// 500 ms a user is suspended or reactivated, so each listing first applies what changed since the last.
// Prints p50/p95/p99 per page. Target (issue 13): p95 ≤ 50 ms for page 1 and page 500.
//   BENCH_ADMIN_USERS=200000 BENCH_ADMIN_PROJECTS=1000000 BENCH_ADMIN_REQUESTS=600 BENCH_CLIENTS=4
import http from 'node:http';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { createDirectoryIndex } from '../apps/server/src/search/directory-index.ts';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServer } from './harness.mjs';
import { projectsSql, searchTerms, usersSql } from './search-data.mjs';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 200_000);
const PROJECTS = Number(process.env.BENCH_ADMIN_PROJECTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 600);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3471);
const ADMIN = { email: 'bench.admin@mihna.ae', password: 'bench-admin-2026' };
// Its authenticator app from the start (ADMIN_TOTP_SECRET), so that the benchmark signs in with a code of it.
const ADMIN_TOTP_SECRET = 'MIHNABENCHCONSOLEKEY234567ABCDEF';

// The names search-data.mjs gives (first × last), and parts of them people type.
const names = ['Layla', 'Omar', 'Fatima', 'Ahmed', 'Noura', 'Khalid', 'Priya', 'Rahul', 'Maria', 'Yousef', 'Hessa', 'Saeed'];
const surnames = ['Haddad', 'Al Mansoori', 'Khan', 'Nair', 'Santos', 'Al Thani', 'Al Sabah', 'Al Balushi', 'Hamdan', 'Farouk'];
const parts = ['mansoor', 'thani', 'balush', 'farou', 'hadd', 'sant', 'noura', 'khali', 'yous', 'fatim'];
const manyMatches = [...names, ...surnames, ...parts];

// BENCH_DATABASE_URL: a server of one's own, seeded on the first run and reused by the next ones.
const server = process.env.BENCH_DATABASE_URL
  ? { url: process.env.BENCH_DATABASE_URL, stop: () => undefined }
  : await startThrowawayPostgres({ shared_buffers: '256MB' });
const app = await startServer(PORT, {
  DATABASE_URL: server.url,
  SEED_DEMO: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_TOTP_SECRET,
});
const client = new pg.Client({ connectionString: server.url });
await client.connect();

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

try {
  const [{ users: seeded }] = (await client.query('select count(*)::int as users from users')).rows;
  if (seeded < USERS) {
    console.log(`seeding ${USERS.toLocaleString('en')} users…`);
    const began = performance.now();
    for (let offset = 0; offset < USERS; offset += 50_000) {
      const count = Math.min(50_000, USERS - offset);
      await client.query(usersSql(count, offset < USERS / 2 ? 'professional' : 'employer', offset));
    }
    for (let done = 0; done < PROJECTS; done += 100_000) await client.query(projectsSql(Math.min(100_000, PROJECTS - done)));
    // As autovacuum keeps a live database: visibility maps set and statistics fresh.
    await client.query('vacuum analyze users, user_directory, jobs, project_directory');
    console.log(`  seeded ${PROJECTS.toLocaleString('en')} projects too in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } else console.log(`${seeded.toLocaleString('en')} users already there: not seeded again`);

  if (process.env.BENCH_EXPLAIN === '1') {
    for (const [label, query] of [
      ['page 500, no search', `select id, created_at from user_directory order by created_at desc, id desc offset 9980 limit 20`],
      ['count, no search', `select count(*) from user_directory`],
      [
        'page 500, haddad',
        `select id, created_at from user_directory where search_text like '%haddad%' order by created_at desc, id desc offset 9980 limit 20`,
      ],
      ['count, haddad', `select count(*) from user_directory where search_text like '%haddad%'`],
      [
        'page 1, e-mail',
        `select id, created_at from user_directory where search_text like '%.12345@%' order by created_at desc, id desc limit 20`,
      ],
    ]) {
      const { rows } = await client.query(`explain (analyze, buffers) ${query}`);
      console.log(`-- ${label}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
  // Every index loads (and reloads after the seeding's bulk changes) before anything is timed: the
  // public searches', then the console's directories.
  await fetch(`${app.base}/api/search/jobs?q=design`);
  await fetch(`${app.base}/api/search/professionals?q=design`);
  const post = (path, body) =>
    fetch(`${app.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (response) => response.json(),
    );
  const { challenge_token } = await post('/api/admin/login', ADMIN);
  const code = new TOTP({ secret: Secret.fromBase32(ADMIN_TOTP_SECRET) }).generate();
  const { access_token: token } = await post('/api/admin/login/second-factor', { challenge_token, code });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (path) =>
    new Promise((resolve, reject) =>
      http
        .get(`${app.base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        })
        .on('error', reject),
    );

  // Writes while staff search: a project opened or closed, a user suspended or reactivated.
  const writer = new pg.Client({ connectionString: server.url });
  await writer.connect();
  const projectIds =
    PROJECTS > 0 ? (await client.query('select id from jobs tablesample system (1) limit 2000')).rows.map((row) => row.id) : [];
  const userIds = (await client.query('select id from users tablesample system (5) limit 2000')).rows.map((row) => row.id);
  let writes = 0;
  let isWriting = true;
  const writing = (async () => {
    for (let tick = 0; isWriting; tick += 1) {
      const started = performance.now();
      if (projectIds.length > 0)
        await writer.query(`update jobs set status = case when status = 'open' then 'closed' else 'open' end where id = $1`, [
          projectIds[tick % projectIds.length],
        ]);
      if (tick % 5 === 0)
        await writer.query(
          `update users set account_status = case when account_status = 'active' then 'suspended' else 'active' end where id = $1`,
          [userIds[tick % userIds.length]],
        );
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
    }
  })();

  /** Calls of one page over the long tail of terms, CLIENTS at a time. */
  async function run(label, pathOf) {
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < REQUESTS) {
          const call = next++;
          const begin = performance.now();
          const response = await get(pathOf(call));
          if (response.status !== 200) throw new Error(`status ${response.status}: ${response.body}`);
          latencies.push(performance.now() - begin);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${REQUESTS} requests, ${CLIENTS} at a time, ${(REQUESTS / seconds).toFixed(0)}/s · p50 ${percentile(latencies, 0.5).toFixed(1)} ms · p95 ${percentile(latencies, 0.95).toFixed(1)} ms · p99 ${percentile(latencies, 0.99).toFixed(1)} ms (target p95 ≤ 50 ms)`,
    );
  }

  const search = (term) => encodeURIComponent(term);
  // Warm the connections and plans, and the directories.
  for (const term of manyMatches.slice(0, 5)) await get(`/api/admin/users?search=${search(term)}`);
  await get('/api/admin/projects');
  // Page 1: names and parts (thousands of matches) and e-mail fragments (a handful), alternately.
  await run('page 1, with a search', (call) =>
    call % 2 === 0
      ? `/api/admin/users?search=${search(manyMatches[call % manyMatches.length])}`
      : `/api/admin/users?search=${search(`.${(call * 7919) % USERS}@`)}`,
  );
  // Page 500: only terms with at least 10,000 matches have one.
  await run('page 500, with a search', (call) => `/api/admin/users?search=${search(manyMatches[call % manyMatches.length])}&skip=9980`);
  await run('page 500, no search', () => `/api/admin/users?skip=9980`);

  if (PROJECTS > 0) {
    // Whole words and the parts of words staff type, English and Arabic.
    const projectTerms = [...searchTerms, 'develop', 'consult', 'mainten', 'تصم', 'ترج'];
    // The long tail: parts of real titles, two to twelve characters from anywhere in them, across words too.
    const sampled = (await client.query('select search_text from project_directory tablesample system (1) limit 3000')).rows;
    const fragments = sampled.map(({ search_text: text }, n) => {
      const start = (n * 7919) % Math.max(1, text.length - 2);
      return text.slice(start, start + 2 + ((n * 31) % 11)).trim() || text;
    });
    const counts = await client.query(
      `select term, (select count(*) from project_directory where search_text like '%' || lower(term) || '%')::int as matches from unnest($1::text[]) term`,
      [projectTerms],
    );
    const deep = counts.rows.filter((row) => row.matches >= 10_000).map((row) => row.term);
    console.log(
      `projects: ${projectTerms.length} terms, ${deep.length} with a page 500 (matches: ${counts.rows
        .map((row) => row.matches)
        .sort((a, b) => b - a)
        .slice(0, 5)
        .join(', ')}, …)`,
    );
    for (const term of projectTerms.slice(0, 5)) await get(`/api/admin/projects?search=${search(term)}`);
    await run('projects page 1, with a search', (call) =>
      call % 2 === 0
        ? `/api/admin/projects?search=${search(projectTerms[(call / 2) % projectTerms.length])}`
        : `/api/admin/projects?search=${search(fragments[call % fragments.length])}`,
    );
    await run('projects page 500, with a search', (call) => `/api/admin/projects?search=${search(deep[call % deep.length])}&skip=9980`);
    await run('projects page 500, no search', () => `/api/admin/projects?skip=9980`);
  }
  isWriting = false;
  await writing;
  await writer.end();
  console.log(`${writes} writes meanwhile (a project every 100 ms, a user every 500 ms)`);
  console.log(`server memory (RSS) with every index loaded: ${app.rssMb().toFixed(0)} MB`);

  // What each directory holds, loaded here as the server loads it (directory-indexes.ts reads the same columns).
  for (const [name, table] of [
    ['users', 'user_directory'],
    ['projects', 'project_directory'],
  ]) {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const began = performance.now();
    const index = createDirectoryIndex({ sealed: false });
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await client.query(
        `select id, (extract(epoch from created_at) * 1000000)::bigint::text as created_us, search_text from ${table} where id > $1 order by id limit 10000`,
        [after],
      );
      for (const row of rows) index.upsert({ id: row.id, createdUs: Number(row.created_us), text: row.search_text, facets: [] });
      if (rows.length < 10_000) break;
      after = rows.at(-1).id;
    }
    index.seal();
    global.gc?.();
    const memory = index.memory();
    const arrays =
      memory.posting_bytes + memory.dense_bytes + memory.vocabulary_bytes + memory.word_pool_bytes + memory.slot_bytes + memory.order_bytes;
    console.log(
      `${name} directory: ${memory.entries.toLocaleString('en')} entries, ${memory.words.toLocaleString('en')} words, loaded in ${((performance.now() - began) / 1000).toFixed(1)} s; ` +
        `typed arrays ${(arrays / 2 ** 20).toFixed(0)} MB, heap ${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MB`,
    );
  }
} finally {
  await client.end();
  await app.stop();
  await server.stop();
}
