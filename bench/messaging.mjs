// npm run bench:messaging — live messages on one server process (the built server, on a throwaway
// PostgreSQL): BENCH_STREAMS (2,000) people each hold an open SSE stream, paired into conversations;
// messages are sent through the API at BENCH_RATE (200) a second between random pairs for
// BENCH_SECONDS (30). Prints the delivery latency (from the send to the event on the reader's stream)
// at p50/p95/p99, the send call's own latency, how many arrived, and the server's memory.
//   BENCH_STREAMS=2000 BENCH_RATE=200 BENCH_SECONDS=30
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServer } from './harness.mjs';
import { usersSql } from './search-data.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PAIRS = STREAMS / 2;

const postgres = await startThrowawayPostgres();
const server = await startServer(3480 + Math.floor(Math.random() * 100), { DATABASE_URL: postgres.url, SEED_DEMO: 'false' });
const peak = server.peakRss();

const client = new pg.Client({ connectionString: postgres.url });
await client.connect();
await client.query(usersSql(PAIRS, 'employer', 0));
await client.query(usersSql(PAIRS, 'professional', 100_000));
const { rows: employers } = await client.query(`select id from users where role = 'employer' order by id limit ${PAIRS}`);
const { rows: professionals } = await client.query(`select id from users where role = 'professional' order by id limit ${PAIRS}`);
const tokens = new Map();
for (const { id } of [...employers, ...professionals]) {
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
  [employers.map((row) => row.id), professionals.map((row) => row.id)],
);
await client.end();
console.log(`${STREAMS} people in ${conversations.length} conversations; opening their streams…`);

/** When each message was sent, by its client key; its delivery is timed on the reader's stream. */
const sentAt = new Map();
const delivery = [];
let delivered = 0;
const controllers = [];

async function openStream(userId) {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${server.base}/api/messages/stream`, {
    headers: { authorization: `Bearer ${tokens.get(userId)}` },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream: status ${response.status}`);
  const decoder = new TextDecoder();
  let buffered = '';
  let isReady;
  const ready = new Promise((resolve) => (isReady = resolve));
  void (async () => {
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.includes('event: ready')) isReady();
          if (!block.includes('event: message')) continue;
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
          // Timed on the reader's stream only (the sender's own streams hear it too).
          if (data.sender_id === userId) continue;
          const started = sentAt.get(data.client_key);
          if (started !== undefined) {
            delivery.push(performance.now() - started);
            delivered += 1;
          }
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  // Open once the server says where the stream starts: every message after that reaches it.
  await ready;
}

const opening = performance.now();
for (let index = 0; index < conversations.length; index += 50) {
  await Promise.all(
    conversations
      .slice(index, index + 50)
      .flatMap((conversation) => [openStream(conversation.employer_id), openStream(conversation.professional_id)]),
  );
}
console.log(
  `${STREAMS} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s; server RSS ${server.rssMb().toFixed(0)} MB`,
);
const idleRss = server.rssMb();

const sendLatency = [];
let failures = 0;
let sequence = 0;
async function sendOne() {
  const conversation = conversations[Math.floor(Math.random() * conversations.length)];
  const sender = Math.random() < 0.5 ? conversation.employer_id : conversation.professional_id;
  sequence += 1;
  const key = `bench-${sequence}`;
  const started = performance.now();
  sentAt.set(key, started);
  const response = await fetch(`${server.base}/api/conversations/${conversation.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.get(sender)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: `Message ${sequence}: can we move the review to Thursday at 10:30?`, client_key: key }),
  });
  await response.arrayBuffer();
  if (response.status === 201) sendLatency.push(performance.now() - started);
  else failures += 1;
}

console.log(`sending ${RATE} messages a second for ${SECONDS} s…`);
const startedAt = performance.now();
const inFlight = [];
for (let tick = 0; tick < RATE * SECONDS; tick += 1) {
  const due = startedAt + (tick * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(sendOne());
}
await Promise.all(inFlight);
await new Promise((resolve) => setTimeout(resolve, 2_000));
const seconds = (performance.now() - startedAt) / 1000;

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]?.toFixed(1);
};
console.log(
  `messages: ${sequence} sent (${failures} refused) in ${seconds.toFixed(1)} s, ${delivered} delivered to their readers' streams`,
);
console.log(
  `  delivery (send → reader's stream): p50 ${percentile(delivery, 0.5)} ms · p95 ${percentile(delivery, 0.95)} ms · p99 ${percentile(delivery, 0.99)} ms`,
);
console.log(
  `  the send call: p50 ${percentile(sendLatency, 0.5)} ms · p95 ${percentile(sendLatency, 0.95)} ms · p99 ${percentile(sendLatency, 0.99)} ms`,
);
console.log(`  server RSS: ${idleRss.toFixed(0)} MB with the streams open before sending, peak ${peak().toFixed(0)} MB`);

for (const controller of controllers) controller.abort();
await server.stop();
await postgres.stop();
