// npm run bench:dashboard — GET /api/dashboard/stats on real PostgreSQL, over HTTP, 32 clients at a time.
// Seeds a marketplace of BENCH_DASHBOARD_JOBS (40,000) projects from 2,000 employers and 5,000
// professionals, then one employer with 5,000 projects (2,000 of them paid through escrow, a featured
// fee on 500, some refunds) and one professional with 10,000 time entries, 800 proposals and 1,500
// payments released to her over the past year, both written as the payment services write them. The
// clients ask for the two heavy users' figures and for a long tail of other users' (each user's
// figures are read anew on every call, from rows kept in the transactions that change them: there is
// no cache to answer them), while proposals arrive on the heavy employer's projects. Calls that arrive together
// are read in one statement, as the server batches them; calls for the same user in one statement share
// its row, which flatters the two heavy users (a third of the calls each), not the long tail. Prints requests per
// second and p50/p95/p99 for each kind of caller, flat out and paced. The server runs in a process of its own.
//   BENCH_DASHBOARD_JOBS=40000 BENCH_DASHBOARD_REQUESTS=30000 BENCH_CLIENTS=32 BENCH_RATES=50,100 BENCH_PACED_SECONDS=20
//   BENCH_WRITES_PER_SECOND=20 proposals are sent to the heavy employer's projects during each run.
//   BENCH_EXPLAIN=1 also prints the heavy employer's query plans and a one-row signed-in call for comparison.
import fs from 'node:fs';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { startServer } from './harness.mjs';
import { projectsSql, usersSql } from './search-data.mjs';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

const JOBS = Number(process.env.BENCH_DASHBOARD_JOBS ?? 40_000);
// Flat out: long enough that the figures are the server's steady state, not its warming up.
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 30_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const TAIL_USERS = 400;
// Paced runs after the flat-out one: requests a second from all the clients together.
const RATES = (process.env.BENCH_RATES ?? '50,100').split(',').filter(Boolean).map(Number);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 20);
// Proposals sent to the heavy employer's projects while the clients read, as the proposals service
// writes them: each one moves the counts the dashboard reads (dashboard_counts, kept by triggers).
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);

const PORT = Number(process.env.BENCH_PORT ?? 3470);

const server = await startThrowawayPostgres({ shared_buffers: '256MB', fsync: 'on', synchronous_commit: 'on' });
// The built server in a process of its own, as `npm start` runs it, on this PostgreSQL (it makes the schema).
const app = await startServer(PORT, { DATABASE_URL: server.url, SEED_DEMO: 'false' });

/** Accounts have ids derived from (kind, owner, currency), as ledger.repository's accountIdOf computes them. */
const accountIdSql = `
create function pg_temp.account_id(kind text, owner uuid, currency text) returns uuid language sql immutable as $$
  select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-5' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
  from (select encode(sha256(convert_to(kind || ':' || owner::text || ':' || currency, 'UTF8')), 'hex') as h) as hashed
$$`;
const PLATFORM = '00000000-0000-0000-0000-000000000000';

async function seed(client) {
  await client.query('begin');
  await client.query(accountIdSql);
  await client.query(usersSql(2_000, 'employer', 0));
  await client.query(usersSql(5_000, 'professional', 100_000));
  await client.query(projectsSql(JOBS));
  const {
    rows: [heavy],
  } = await client.query(`
    select (select id from users where role = 'employer' order by email limit 1) as employer,
           (select id from users where role = 'professional' order by email limit 1) as professional`);
  // The heavy employer owns 5,000 projects; each professional has sent a proposal here and there.
  await client.query(`update jobs set employer_id = $1 where id in (select id from jobs order by id limit 5000)`, [heavy.employer]);
  await client.query(`
    insert into proposals (job_id, worker_id, proposal_text, proposed_amount_minor, currency)
    select j.id, w.id, 'I can do this.', j.budget_min_minor, j.currency
    from (select id, budget_min_minor, currency, row_number() over (order by id) as n from jobs) j
    join (select id, row_number() over (order by email) as n from users where role = 'professional') w on w.n = 1 + (j.n * 7) % 5000
    on conflict do nothing`);
  await client.query(
    `
    insert into proposals (job_id, worker_id, proposal_text, proposed_amount_minor, currency)
    select id, $1, 'I can do this.', budget_min_minor, currency from jobs order by id desc limit 800
    on conflict do nothing`,
    [heavy.professional],
  );
  await client.query(`update jobs set proposal_count = (select count(*) from proposals p where p.job_id = jobs.id)`);

  // 2,000 of the heavy employer's projects hired (the heavy professional on 1,500 of them) and paid into escrow over the year.
  await client.query(
    `
    create temp table hired as
    select j.id as job_id, j.employer_id, j.currency, j.budget_min_minor as amount,
      case when n <= 1500 then $2::uuid else (select id from users where role = 'professional' order by email offset 1 + n % 4000 limit 1) end as professional_id,
      now() - (n % 360) * interval '1 day' as at, n
    from (select *, row_number() over (order by id) as n from jobs where employer_id = $1) j where n <= 2000`,
    [heavy.employer, heavy.professional],
  );
  await client.query(`update jobs set status = 'assigned' where id in (select job_id from hired)`);
  await client.query(`
    insert into proposals (job_id, worker_id, proposal_text, proposed_amount_minor, currency, status, accepted_at)
    select job_id, professional_id, 'Hired.', amount, currency, 'accepted', at from hired
    on conflict (job_id, worker_id) do update set status = 'accepted', accepted_at = excluded.accepted_at`);
  await client.query(`
    insert into contracts (job_id, proposal_id, employer_id, professional_id, job_type, payment_method, agreed_amount_minor, currency, status, created_at)
    select h.job_id, p.id, h.employer_id, h.professional_id, 'hourly', 'escrow', h.amount, h.currency,
      case when h.n % 30 = 0 then 'active' else 'completed' end, h.at
    from hired h join proposals p on p.job_id = h.job_id and p.worker_id = h.professional_id`);
  await client.query(`
    insert into payments (contract_id, job_id, status, total_minor, currency, is_cash)
    select c.id, c.job_id, 'released', c.agreed_amount_minor, c.currency, false from contracts c join hired h on h.job_id = c.job_id`);
  // Escrow funded on every hire, released to the professional less 2%, a featured fee on one in four, a refund on one in fifty.
  await client.query(`
    insert into ledger_transactions (kind, reference, description, payment_id, job_id, created_at)
    select 'escrow_funded', 'checkout:' || p.id, 'Escrow funded', p.id, p.job_id, h.at from payments p join hired h on h.job_id = p.job_id
    union all
    select 'milestone_released', 'release:' || p.id, 'Released', p.id, p.job_id, h.at + interval '5 days' from payments p join hired h on h.job_id = p.job_id
    union all
    select 'featured_fee', 'featured:' || h.job_id, 'Featured', null, h.job_id, h.at - interval '3 days' from hired h where h.n % 4 = 0
    union all
    select 'escrow_refunded', 'refund:' || p.id, 'Refunded', p.id, p.job_id, h.at + interval '6 days' from payments p join hired h on h.job_id = p.job_id where h.n % 50 = 0`);
  await client.query(`
    insert into ledger_accounts (id, kind, owner_id, currency, normal, is_guarded, is_off_platform, balance_minor)
    select distinct pg_temp.account_id(kind, owner, currency), kind, owner, currency, normal, guarded, false, 0 from (
      select 'escrow' as kind, p.id as owner, p.currency, 'credit' as normal, true as guarded from payments p
      union all select 'professional_balance', c.professional_id, c.currency, 'credit', true from contracts c
      union all select 'provider_cash', '${PLATFORM}'::uuid, currency, 'debit', false from hired
      union all select 'service_fees', '${PLATFORM}'::uuid, currency, 'credit', false from hired
      union all select 'featured_income', '${PLATFORM}'::uuid, currency, 'credit', false from hired) a
    on conflict do nothing`);
  await client.query(`
    insert into ledger_entries (transaction_id, account_id, amount_minor, currency)
    select t.id, pg_temp.account_id(leg.kind, leg.owner, p.currency), leg.amount, p.currency
    from ledger_transactions t join payments p on p.id = t.payment_id join contracts c on c.id = p.contract_id
    cross join lateral (values
      ('provider_cash', '${PLATFORM}'::uuid, case when t.kind = 'escrow_funded' then p.total_minor when t.kind = 'escrow_refunded' then -p.total_minor / 10 end),
      ('escrow', p.id, case when t.kind = 'escrow_funded' then -p.total_minor when t.kind = 'escrow_refunded' then p.total_minor / 10 else p.total_minor end),
      ('professional_balance', c.professional_id, case when t.kind = 'milestone_released' then -(p.total_minor - p.total_minor / 50) end),
      ('service_fees', '${PLATFORM}'::uuid, case when t.kind = 'milestone_released' then -(p.total_minor / 50) end)
    ) as leg(kind, owner, amount)
    where leg.amount is not null and leg.amount <> 0 and (t.kind <> 'escrow_refunded' or leg.kind in ('provider_cash', 'escrow'))
    union all
    select t.id, pg_temp.account_id(leg.kind, '${PLATFORM}'::uuid, j.currency), leg.amount, j.currency
    from ledger_transactions t join jobs j on j.id = t.job_id
    cross join lateral (values ('provider_cash', 500), ('featured_income', -500)) as leg(kind, amount)
    where t.kind = 'featured_fee'`);
  // The heavy professional's 10,000 time entries, on her active contracts, over the year.
  await client.query(
    `
    insert into time_entries (contract_id, job_id, professional_id, description, started_at, ended_at, seconds, rate_minor, amount_minor, currency, source, review_status)
    select c.id, c.job_id, c.professional_id, 'Work session ' || g, now() - (g % 360) * interval '1 day' - interval '6 hours',
      now() - (g % 360) * interval '1 day' - interval '4 hours', 7200, c.agreed_amount_minor, 2 * c.agreed_amount_minor, c.currency, 'timer', 'approved'
    from generate_series(1, 10000) as g
    join lateral (select * from contracts where professional_id = $1 order by id offset g % 50 limit 1) c on true`,
    [heavy.professional],
  );
  // The monthly totals the ledger's writer keeps, as the migration that made them computed them from the ledger.
  const migration = fs.readFileSync(new URL('../apps/server/drizzle/0020_money_by_month.sql', import.meta.url), 'utf8');
  await client.query(migration.split('--> statement-breakpoint').at(-1));
  await client.query('commit');
  // As autovacuum keeps a live database: the seeding's updates leave no dead rows behind.
  await client.query('vacuum analyze');
  return heavy;
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

const client = new pg.Client({ connectionString: server.url });
await client.connect();
try {
  console.log(`seeding ${JOBS.toLocaleString('en')} projects, an employer with 5,000 and a professional with 10,000 time entries…`);
  const started = performance.now();
  const heavy = await seed(client);
  const { rows: counts } = await client.query(
    `
    select (select count(*)::int from jobs where employer_id = $1) as employer_jobs,
           (select count(*)::int from time_entries where professional_id = $2) as professional_entries,
           (select count(*)::int from ledger_transactions) as transactions`,
    [heavy.employer, heavy.professional],
  );
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts[0]);
  if (process.env.BENCH_EXPLAIN === '1') {
    // Where the heavy users' time goes, statement by statement.
    for (const [query, user] of [
      [`select projects, active_projects, applications from dashboard_counts where user_id = $1`, heavy.employer],
      [`select id, title, proposal_count from jobs where employer_id = $1 order by created_at desc, id desc limit 8`, heavy.employer],
      [`select currency, month, spent_minor from money_by_month where user_id = $1 and spent_minor <> 0`, heavy.employer],
      [`select proposals, active_contracts from dashboard_counts where user_id = $1`, heavy.professional],
      [`select currency, month, earned_minor from money_by_month where user_id = $1 and earned_minor <> 0`, heavy.professional],
    ]) {
      const { rows } = await client.query(`explain (analyze, buffers) ${query}`, [user]);
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
  const { rows: tail } = await client.query(`select id from users order by random() limit ${TAIL_USERS}`);
  /** A session for the user, stored as the server stores one (its token hashed). */
  const tokenOf = async (id) => {
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sessions (user_id, token_hash, ip_address, expires_at) values ($1, $2, '127.0.0.1', now() + interval '30 days')`,
      [id, createHash('sha256').update(token).digest('hex')],
    );
    return token;
  };
  const callers = {
    'employer, 5,000 projects': [await tokenOf(heavy.employer)],
    'professional, 10,000 entries': [await tokenOf(heavy.professional)],
    'other users': [],
  };
  // One at a time: one connection.
  for (const row of tail) callers['other users'].push(await tokenOf(row.id));
  const address = app.base;
  if (process.env.BENCH_EXPLAIN === '1') {
    // The floor: a signed-in call that reads one row (the caller's account), one at a time.
    const times = [];
    for (let call = 0; call < 200; call += 1) {
      const begin = performance.now();
      await (await fetch(`${address}/api/users/me`, { headers: { authorization: `Bearer ${callers['other users'][0]}` } })).arrayBuffer();
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET /api/users/me one at a time: p50 ${percentile(times, 0.5).toFixed(1)} ms · p95 ${percentile(times, 0.95).toFixed(1)} ms`,
    );
  }
  const kinds = Object.keys(callers);
  // The clients share this process: node:http on kept-alive connections costs it far less than fetch,
  // so that the figures are the server's and not the load generator's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const getStats = (token) =>
    new Promise((resolve, reject) =>
      http
        .get(`${address}/api/dashboard/stats`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        })
        .on('error', reject),
    );
  // Warm the connections and the server's code paths, then measure.
  for (const tokens of Object.values(callers))
    await fetch(`${address}/api/dashboard/stats`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  /**
   * CLIENTS clients share REQUESTS calls (paced: as many as the rate sends in PACED_SECONDS), a third each for the two heavy users and the long tail. Flat
   * out (`rate` undefined) each client calls again as soon as it is answered: the server's most, and the
   * latency of a saturated server. Paced, call k is due at k / rate seconds, as independent users send
   * them, and its time counts from when it was due, so a server that falls behind is charged the wait.
   */
  const { rows: heavyJobs } = await client.query('select id from jobs where employer_id = $1', [heavy.employer]);
  const { rows: senders } = await client.query(`select id from users where role = 'professional' order by random() limit 500`);
  let sent = 0;
  /** Sends proposals at WRITES_PER_SECOND until `running()` is false, each with its project's count, in one transaction. */
  async function sendProposals(running) {
    const began = performance.now();
    for (let call = 0; running(); call += 1) {
      const due = began + (call * 1000) / WRITES_PER_SECOND;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      const job = heavyJobs[Math.floor(Math.random() * heavyJobs.length)].id;
      const sender = senders[Math.floor(Math.random() * senders.length)].id;
      const { rowCount } = await client.query(
        `with sent as (
           insert into proposals (job_id, worker_id, proposal_text, proposed_amount_minor, currency)
           select id, $2, 'I can start this week.', budget_min_minor, currency from jobs where id = $1
           on conflict do nothing returning job_id)
         update jobs set proposal_count = proposal_count + 1 where id in (select job_id from sent)`,
        [job, sender],
      );
      sent += rowCount;
    }
  }

  async function run(rate) {
    const total = rate ? rate * PACED_SECONDS : REQUESTS;
    const latencies = Object.fromEntries(kinds.map((kind) => [kind, []]));
    let next = 0;
    const began = performance.now();
    const writing = WRITES_PER_SECOND > 0 ? sendProposals(() => next < total) : Promise.resolve();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < total) {
          const call = next++;
          const kind = kinds[call % 3];
          const tokens = callers[kind];
          const token = tokens[call % tokens.length];
          const due = rate ? began + (call * 1000) / rate : performance.now();
          if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
          const status = await getStats(token);
          if (status !== 200) throw new Error(`status ${status}`);
          latencies[kind].push(performance.now() - due);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    await writing;
    console.log(
      `GET /api/dashboard/stats, ${CLIENTS} clients, ${rate ? `paced at ${rate}/s` : 'flat out'}: ${total} requests, ${(total / seconds).toFixed(0)}/s`,
    );
    for (const kind of kinds) {
      const sorted = latencies[kind].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(30)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms · p95 ${percentile(sorted, 0.95).toFixed(1)} ms · p99 ${percentile(sorted, 0.99).toFixed(1)} ms (target p95 ≤ 20 ms)`,
      );
    }
  }

  await run(undefined);
  for (const rate of RATES) await run(rate);
  // The counts the dashboard read are still what a recount of the heavy users' projects, proposals and contracts gives.
  const { rows: agreement } = await client.query(
    `select (select row(projects, active_projects, applications) from dashboard_counts where user_id = $1)
       = (select row(count(*)::int, (count(*) filter (where status in ('open', 'assigned', 'in_progress')))::int, sum(proposal_count)::int)
          from jobs where employer_id = $1)
       and (select row(proposals, active_contracts) from dashboard_counts where user_id = $2)
       = (select row((select count(*)::int from proposals where worker_id = $2),
                     (select count(*)::int from contracts where professional_id = $2 and status = 'active'))) as agrees`,
    [heavy.employer, heavy.professional],
  );
  if (!agreement[0].agrees) throw new Error('dashboard_counts no longer agrees with a recount');
  console.log(`${sent} proposals sent to the heavy employer's projects during the runs; their counts agree with a recount`);
} finally {
  await client.end();
  await app.stop();
  await server.stop();
}
