// npm run bench:rolling — a rolling restart behind a real load balancer. HAProxy (Debian's package,
// installed here when missing and this runs as root) runs docs/haproxy.cfg in front of two built server
// processes on one throwaway PostgreSQL with BENCH_PROJECTS (20,000) projects. Through it, for the whole
// run: a long tail of project searches, professionals registering and sending proposals, the employer
// posting projects and paying milestones into escrow on the built-in gateway, and BENCH_PAIRS (50)
// conversations whose two people each hold an event stream (/api/messages/stream) that resumes with
// Last-Event-ID when it ends, with BENCH_RATE (20) messages a second between them. After BENCH_SECONDS
// (10) of that, each process in turn is sent SIGTERM, started again and waited for until HAProxy sends
// it requests again; then BENCH_SECONDS more. It prints the requests that failed, the writes acknowledged
// and then not found, the messages a stream missed after resuming, and p95 before and during the restarts.
//   BENCH_PROJECTS=20000 BENCH_PAIRS=50 BENCH_RATE=20 BENCH_SECONDS=10 SHUTDOWN_GRACE_MS=2000
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { jobInput } from '../apps/server/src/modules/jobs/test-jobs.ts';
import { call, registerOverHttp } from '../apps/server/src/test/server-process.ts';
import { fromNewAddress, missingWrites, startWriteLoad } from '../apps/server/src/test/write-load.ts';
import { startServer } from './harness.mjs';
import { projectsSql, searchTerms, usersSql } from './search-data.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GRACE_MS = process.env.SHUTDOWN_GRACE_MS ?? '2000';

function haproxyBinary() {
  const found = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((candidate) => fs.existsSync(candidate));
  if (found()) return found();
  if (process.getuid?.() !== 0) {
    console.error('HAProxy is not installed. Install Debian’s package (sudo apt-get install haproxy) and run this again.');
    process.exit(1);
  }
  console.log('installing HAProxy (apt-get install haproxy)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'haproxy'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  return found();
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : NaN;
};

// ── the database, the two servers and HAProxy ─────────────────────────────────────────────────────
const haproxy = haproxyBinary();
const postgres = await startThrowawayPostgres();
const client = new pg.Client({ connectionString: postgres.url });
await client.connect();

const serverEnv = { DATABASE_URL: postgres.url, SEED_DEMO: 'false', SHUTDOWN_GRACE_MS: GRACE_MS, TRUST_PROXY: '2' };
// The first server makes the tables; the data goes in before the second one starts, so both load it.
const ports = [await freePort(), await freePort()];
const servers = [await startServer(ports[0], serverEnv)];
console.log(`filling ${PROJECTS.toLocaleString('en')} projects…`);
await client.query(usersSql(Math.max(100, PROJECTS / 100), 'employer', 0));
for (let done = 0; done < PROJECTS; done += 50_000) await client.query(projectsSql(Math.min(50_000, PROJECTS - done)));
await client.query(usersSql(PAIRS, 'employer', 500_000));
await client.query(usersSql(PAIRS, 'professional', 600_000));
await servers[0].stop();
servers[0] = await startServer(ports[0], serverEnv);
servers[1] = await startServer(ports[1], serverEnv);

const lbPort = await freePort();
const statsPort = await freePort();
const haproxyLog = [];
const balancer = spawn(haproxy, ['-db', '-f', path.resolve('docs/haproxy.cfg')], {
  env: {
    ...process.env,
    MIHNA_LISTEN: `127.0.0.1:${lbPort}`,
    MIHNA_SERVER_A: `127.0.0.1:${ports[0]}`,
    MIHNA_SERVER_B: `127.0.0.1:${ports[1]}`,
    MIHNA_STATS: `127.0.0.1:${statsPort}`,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// Its request log is kept until it is up, to show why if it does not come up, and read but not kept after.
let isBalancerUp = false;
const keepLog = (chunk) => !isBalancerUp && haproxyLog.push(chunk.toString());
balancer.stdout.on('data', keepLog);
balancer.stderr.on('data', keepLog);
const base = `http://127.0.0.1:${lbPort}`;
for (let attempt = 0; ; attempt += 1) {
  const answer = await fetch(`${base}/readyz`).then(
    (response) => response.status,
    () => 0,
  );
  if (answer === 200) break;
  if (balancer.exitCode !== null || attempt > 100) throw new Error(`HAProxy did not come up:\n${haproxyLog.join('')}`);
  await sleep(100);
}
console.log(
  `HAProxy ${spawnSync(haproxy, ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]} on :${lbPort}, servers on :${ports.join(' and :')}`,
);

// ── the people ─────────────────────────────────────────────────────────────────────────────────────
const pairsOf = async (role, offset) =>
  (
    await client.query(
      `select id from users where role = $1 and split_part(split_part(email, '@', 1), '.', 3)::int > $2 order by email limit $3`,
      [role, offset, PAIRS],
    )
  ).rows;
const pairEmployers = await pairsOf('employer', 500_000);
const pairProfessionals = await pairsOf('professional', 600_000);
const tokens = new Map();
for (const { id } of [...pairEmployers, ...pairProfessionals]) {
  const token = randomBytes(32).toString('base64url');
  tokens.set(id, token);
  await client.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [
    id,
    createHash('sha256').update(token).digest('hex'),
  ]);
}
const { rows: conversations } = await client.query(
  `insert into conversations (employer_id, professional_id, started_by)
   select e, p, e from unnest($1::uuid[], $2::uuid[]) as pair(e, p) returning id, employer_id, professional_id`,
  [pairEmployers.map((row) => row.id), pairProfessionals.map((row) => row.id)],
);
const employer = await registerOverHttp(base, { role: 'employer', company_name: 'Falcon Tech' }, { headers: fromNewAddress });
const firstJob = await call(base, 'POST', '/api/jobs', { token: employer.token, body: jobInput(), headers: fromNewAddress() });
if (firstJob.status !== 201) throw new Error(`posting failed: ${firstJob.status}`);

// ── what is measured ───────────────────────────────────────────────────────────────────────────────
let phase = 'before';
const latency = { before: { search: [], send: [] }, during: { search: [], send: [] }, after: { search: [], send: [] } };
const failed = [];
const record = (kind, started, ok, what) => {
  if (ok) latency[phase][kind].push(performance.now() - started);
  else failed.push(`${phase} ${what}`);
};
let isRunning = true;

async function searcher() {
  while (isRunning) {
    const term = searchTerms[Math.floor(Math.random() ** 2 * searchTerms.length)];
    const page = 1 + Math.floor(Math.random() * 3);
    const started = performance.now();
    const answer = await fetch(`${base}/api/search/jobs?q=${encodeURIComponent(term)}&page=${page}`, { headers: fromNewAddress() }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error) => ({ status: 0, body: String(error) }),
    );
    record('search', started, answer.status === 200, `search ${answer.status} ${answer.body.slice(0, 120)}`);
  }
}

/** Each person's stream: every message id it has seen, resuming with Last-Event-ID whenever the stream ends. */
const seen = new Map();
const resumes = { count: 0 };
async function holdStream(userId) {
  const ids = new Set();
  seen.set(userId, ids);
  let lastEventId;
  while (isRunning || streamsOpenUntil > Date.now()) {
    const controller = new AbortController();
    stopStreams.push(() => controller.abort());
    try {
      const response = await fetch(`${base}/api/messages/stream`, {
        headers: { authorization: `Bearer ${tokens.get(userId)}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal: controller.signal,
      });
      if (response.status !== 200) throw new Error(`stream ${response.status}`);
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id) lastEventId = id;
          if (id && block.includes('event: message')) ids.add(Number(id));
        }
      }
    } catch {
      // Ended by the server closing, or aborted at the end.
    }
    if (!isRunning && streamsOpenUntil <= Date.now()) break;
    resumes.count += 1;
    await sleep(200);
  }
}
const stopStreams = [];
let streamsOpenUntil = 0;

/** Messages acknowledged (201), by their recipient. */
const acknowledgedMessages = [];
async function sendMessages() {
  let sequence = 0;
  const started = performance.now();
  const inFlight = [];
  while (isRunning) {
    sequence += 1;
    const due = started + (sequence * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const conversation = conversations[sequence % conversations.length];
    const fromEmployer = sequence % 2 === 0;
    const [sender, recipient] = fromEmployer
      ? [conversation.employer_id, conversation.professional_id]
      : [conversation.professional_id, conversation.employer_id];
    const sentAt = performance.now();
    inFlight.push(
      call(base, 'POST', `/api/conversations/${conversation.id}/messages`, {
        token: tokens.get(sender),
        body: { body: `Message ${sequence}: can we move the review to Thursday at 10:30?`, client_key: `rolling-${sequence}` },
      }).then(
        (answer) => {
          record('send', sentAt, answer.status === 201, `message ${answer.status}`);
          if (answer.status === 201) acknowledgedMessages.push({ id: Number(answer.body.id), recipient });
        },
        (error) => record('send', sentAt, false, `message ${error}`),
      ),
    );
  }
  await Promise.all(inFlight);
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────────
const streams = [...pairEmployers, ...pairProfessionals].map(({ id }) => holdStream(id));
await sleep(1_000);
const writes = startWriteLoad(base, { employer, firstJob: firstJob.body.id, payments: true, headers: fromNewAddress, keepGoing: true });
const load = [searcher(), searcher(), searcher(), searcher(), sendMessages()];
console.log(`load running: 4 searchers, the write load with payments, ${PAIRS * 2} streams, ${RATE} messages a second`);
await sleep(SECONDS * 1000);

phase = 'during';
const restartStarted = performance.now();
const restarts = [];
/** What HAProxy's status page says of a server: UP, DOWN, or a transition (UP 1/2, DOWN 1/2). */
const statusOf = async (name) => {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
  const header = csv.split('\n')[0].replace(/^# /, '').split(',');
  const row = csv
    .split('\n')
    .map((line) => line.split(','))
    .find((cells) => cells[0] === 'mihna_servers' && cells[1] === name);
  return row?.[header.indexOf('status')] ?? 'missing';
};
const waitForStatus = async (name, status) => {
  const started = performance.now();
  while ((await statusOf(name)) !== status) await sleep(50);
  return performance.now() - started;
};
for (const [index, port] of ports.entries()) {
  const name = 'ab'[index];
  const stopping = performance.now();
  const stopped = servers[index].stop();
  const out = await waitForStatus(name, 'DOWN');
  await stopped;
  const exited = performance.now();
  servers[index] = await startServer(port, serverEnv);
  const ready = performance.now();
  const back = await waitForStatus(name, 'UP');
  restarts.push(
    `server ${name}: out of HAProxy's rotation ${(out / 1000).toFixed(1)} s after SIGTERM, exited after ${((exited - stopping) / 1000).toFixed(1)} s ` +
      `(grace ${GRACE_MS} ms), ready again ${((ready - exited) / 1000).toFixed(1)} s later, back in the rotation ${(back / 1000).toFixed(1)} s after that`,
  );
}
const restartSeconds = (performance.now() - restartStarted) / 1000;
phase = 'after';
await sleep(SECONDS * 1000);

isRunning = false;
streamsOpenUntil = Date.now() + 3_000;
await Promise.all(load);
await writes.stop();
// The last messages reach their streams; then every stream is closed.
await sleep(3_000);
for (const stop of stopStreams) stop();
await Promise.all(streams);

// ── what it found ──────────────────────────────────────────────────────────────────────────────────
const lost = await missingWrites(base, writes.acknowledged, employer);
const missedMessages = acknowledgedMessages.filter(({ id, recipient }) => !seen.get(recipient)?.has(id));
// Acknowledged messages are writes too: each must be in the database.
const { rows: storedMessages } = await client.query(`select id from messages where id = any($1::bigint[])`, [
  acknowledgedMessages.map(({ id }) => id),
]);
const lostMessages = acknowledgedMessages.length - storedMessages.length;

const ack = writes.acknowledged;
const allFailed = [...failed, ...writes.failures.map((failure) => `write ${failure}`)];
const figure = (values) =>
  `p95 ${percentile(values, 0.95).toFixed(0)} ms (p50 ${percentile(values, 0.5).toFixed(0)}, ${values.length} requests)`;
console.log(`\nrestarts (${restartSeconds.toFixed(1)} s in all):\n  ${restarts.join('\n  ')}`);
console.log(
  `writes acknowledged: ${ack.users.length} registrations, ${ack.jobs.length} projects, ${ack.proposals.length} proposals, ${ack.payments.length} escrow payments, ${acknowledgedMessages.length} messages`,
);
console.log(`failed requests: ${allFailed.length}${allFailed.length ? `\n  ${allFailed.slice(0, 10).join('\n  ')}` : ''}`);
console.log(`acknowledged writes lost: ${lost.length + lostMessages}${lost.length ? `\n  ${lost.slice(0, 10).join('\n  ')}` : ''}`);
console.log(`stream messages missed after resuming with Last-Event-ID: ${missedMessages.length} (streams resumed ${resumes.count} times)`);
for (const kind of ['search', 'send']) {
  console.log(`${kind === 'search' ? 'searches' : 'message sends'}:`);
  for (const name of ['before', 'during', 'after']) console.log(`  ${name.padEnd(6)} ${figure(latency[name][kind])}`);
}

await client.end();
balancer.kill('SIGTERM');
for (const server of servers) await server.stop();
await postgres.stop();
