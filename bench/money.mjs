// npm run bench:money — money under load on real PostgreSQL. Seeds BENCH_ESCROW_JOBS (100,000) hired jobs
// in escrow, each with two submitted milestones, written exactly as the payment services write them
// (escrow funded through a paid checkout, one pending hold per milestone). Then 32 concurrent clients
// approve milestones (each releasing its hold, less the 2% fee, and completing the job on its second)
// while one in ten of their calls is a payout request from a professional's growing balance, through
// the same services the API calls, on the server's pool of 10 connections (through the server's Unix socket, as a
// server process on the same machine reaches it). First flat out (each client calls again as soon as it
// is answered: the most approvals a second the server can write, and the latency of a saturated server),
// then paced at BENCH_RATES approvals a second (as independent users send them, each call timed from
// when it was due). Prints approvals per second and latency percentiles, payouts likewise, the CPU each
// side used, and the time of the ledger invariant check over the whole ledger, which must find nothing.
//   BENCH_ESCROW_JOBS=100000 BENCH_APPROVALS=20000 BENCH_CLIENTS=32 BENCH_RATES=300,400,500 BENCH_PACED_SECONDS=15
//   BENCH_STATEMENTS=1 also prints the statements that took the database's time during the run (pg_stat_statements).
import fs from 'node:fs';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { projectsSql, usersSql } from './search-data.mjs';

const JOBS = Number(process.env.BENCH_ESCROW_JOBS ?? 100_000);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const POOL = 10; // the server's pool size (apps/server/src/db/client.ts)
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
// Paced runs after the flat-out one: approvals a second sent by the clients together, each for PACED_SECONDS.
const RATES = (process.env.BENCH_RATES ?? '300,400,500').split(',').filter(Boolean).map(Number);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 15);

const { openPostgres } = await import('../apps/server/src/db/client.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { checkLedgerInvariants } = await import('../apps/server/src/modules/payments/ledger-invariants.ts');

const server = process.env.TEST_DATABASE_URL
  ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined }
  : // Durable as production runs it: every commit flushed to disk (the test cluster's default turns that off).
    await startThrowawayPostgres({
      shared_buffers: '256MB',
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      ...(STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } : {}),
    });
const database = await openPostgres(server.socketUrl ?? server.url, { max: POOL });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench-money', DATABASE_URL: server.url }),
  logger: false,
  database,
});

/** Accounts have ids derived from (kind, owner, currency), as ledger.repository's accountIdOf computes them. */
const accountIdSql = `
create function pg_temp.account_id(kind text, owner uuid, currency text) returns uuid language sql immutable as $$
  select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-5' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
  from (select encode(sha256(convert_to(kind || ':' || owner::text || ':' || currency, 'UTF8')), 'hex') as h) as hashed
$$`;

async function seed() {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const started = performance.now();
  await client.query('begin');
  await client.query(accountIdSql);
  await client.query(usersSql(2_000, 'employer', 0));
  await client.query(usersSql(5_000, 'professional', 100_000));
  await client.query(projectsSql(JOBS));
  await client.query(`update jobs set status = 'assigned'`);
  await client.query(`
    insert into proposals (job_id, worker_id, proposal_text, proposed_amount_minor, currency, status, accepted_at)
    select j.id, p.ids[1 + (hashtext(j.id::text) & 2147483647) % array_length(p.ids, 1)], 'I can deliver this in two milestones.',
      j.budget_min_minor, j.currency, 'accepted', now() - interval '20 days'
    from jobs j cross join (select array_agg(id) as ids from users where role = 'professional') p`);
  await client.query(`
    insert into contracts (job_id, proposal_id, employer_id, professional_id, job_type, payment_method, agreed_amount_minor, currency)
    select j.id, p.id, j.employer_id, p.worker_id, j.job_type, j.payment_method, p.proposed_amount_minor, j.currency
    from proposals p join jobs j on j.id = p.job_id`);
  await client.query(`
    insert into payments (contract_id, job_id, status, total_minor, currency, is_cash)
    select c.id, c.job_id, 'escrowed', 2 * greatest(1, j.budget_min_minor / 4), c.currency, false
    from contracts c join jobs j on j.id = c.job_id`);
  await client.query(`
    insert into milestones (payment_id, position, title, description, amount_minor, currency, status, submission_notes, submitted_at)
    select p.id, n, 'Milestone ' || n, 'Deliverable ' || n, p.total_minor / 2, p.currency, 'submitted', 'Delivered', now() - interval '2 days'
    from payments p cross join generate_series(1, 2) as n`);
  await client.query(`
    insert into checkouts (purpose, subject_id, payer_id, amount_minor, currency, description, provider, provider_session_id, provider_payment_id, status, closed_at)
    select 'escrow', p.id, c.employer_id, p.total_minor, p.currency, 'Escrow', 'test', gen_random_uuid()::text, 'pi_bench_' || p.id, 'paid', now() - interval '10 days'
    from payments p join contracts c on c.id = p.contract_id`);
  await client.query(`
    insert into ledger_transactions (kind, reference, description, payment_id, job_id, created_at)
    select 'escrow_funded', 'checkout:' || k.id, 'Escrow funded', p.id, p.job_id, now() - interval '10 days'
    from checkouts k join payments p on p.id = k.subject_id`);
  await client.query(`
    insert into ledger_accounts (id, kind, owner_id, currency, normal, is_guarded, is_off_platform, balance_minor)
    select pg_temp.account_id('escrow', p.id, p.currency), 'escrow', p.id, p.currency, 'credit', true, false, p.total_minor from payments p
    union all
    select distinct pg_temp.account_id('provider_cash', '00000000-0000-0000-0000-000000000000', currency), 'provider_cash',
      '00000000-0000-0000-0000-000000000000'::uuid, currency, 'debit', false, false, 0 from payments`);
  await client.query(`
    insert into ledger_entries (transaction_id, account_id, amount_minor, currency)
    select t.id, pg_temp.account_id('provider_cash', '00000000-0000-0000-0000-000000000000', p.currency), p.total_minor, p.currency
    from ledger_transactions t join payments p on p.id = t.payment_id
    union all
    select t.id, pg_temp.account_id('escrow', p.id, p.currency), -p.total_minor, p.currency
    from ledger_transactions t join payments p on p.id = t.payment_id`);
  await client.query(`
    insert into ledger_holds (payment_id, milestone_id, amount_minor, currency, created_at)
    select m.payment_id, m.id, m.amount_minor, m.currency, now() - interval '10 days' from milestones m`);
  // What the employers spent, in the monthly totals the ledger writer keeps beside its transactions
  // (ledger.repository.ts: the project's owner, by the month in the Gulf).
  await client.query(`
    insert into money_by_month (user_id, currency, month, earned_minor, spent_minor)
    select j.employer_id, p.currency, date_trunc('month', t.created_at at time zone 'Asia/Dubai')::date, 0, sum(p.total_minor)
    from ledger_transactions t join payments p on p.id = t.payment_id join jobs j on j.id = t.job_id
    group by 1, 2, 3
    on conflict (user_id, currency, month) do update
      set earned_minor = money_by_month.earned_minor + excluded.earned_minor, spent_minor = money_by_month.spent_minor + excluded.spent_minor`);
  await client.query('commit');
  await client.query('vacuum (analyze)');
  await client.end();
  return (performance.now() - started) / 1000;
}

/** CPU seconds used so far by every PostgreSQL process on the machine, and those that ended (Linux; clock ticks of 1/100 s). */
function postgresCpuSeconds() {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, and cutime and cstime: what its ended children used (the postmaster's are the
      // backends and autovacuum workers that exited), or a process that ends during a run would take
      // its CPU out of the figure.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks / 100;
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
const describe = (label, latencies, seconds) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label}: ${latencies.length} in ${seconds.toFixed(1)} s · ${(latencies.length / seconds).toFixed(0)}/s · p50 ${percentile(sorted, 0.5).toFixed(1)} ms · p95 ${percentile(sorted, 0.95).toFixed(1)} ms · p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
};

// Reads the bench makes for itself, outside the server's pool.
const reader = new pg.Pool({ connectionString: server.url, max: 1 });
try {
  console.log(`seeding ${JOBS.toLocaleString('en')} jobs in escrow, two submitted milestones each…`);
  console.log(`  seeded in ${(await seed()).toFixed(1)} s`);
  const paced = RATES.reduce((sum, rate) => sum + Math.round(rate * PACED_SECONDS), 0);
  const { rows: work } = await reader.query(
    `select m.id, c.employer_id, c.professional_id, m.currency from milestones m join payments p on p.id = m.payment_id
     join contracts c on c.id = p.contract_id order by random() limit ${APPROVALS + paced}`,
  );
  if (STATEMENTS) await reader.query('create extension if not exists pg_stat_statements; select pg_stat_statements_reset()');
  const earners = [...new Map(work.map((row) => [row.professional_id, row.currency])).entries()];
  const { payments, payouts, ledger } = app.services;
  const { balanceAccount } = await import('../apps/server/src/modules/payments/money-movements.ts');

  /**
   * CLIENTS clients share `items`, each making one call at a time; one call in ten is a payout request.
   * Without `rate` each client calls again as soon as it is answered (the most the server can do). With
   * `rate` (calls per second, all clients together) call k is due at k / rate seconds, as independent
   * users would send it; a client calls as soon as it is free and the call is due, and a call's time
   * counts from when it was due, so a server that falls behind is charged for the wait.
   */
  async function run(items, rate) {
    const approvals = [];
    const payoutTimes = [];
    let refusedPayouts = 0;
    let next = 0;
    let calls = 0;
    const cpuBefore = { node: process.cpuUsage(), postgres: postgresCpuSeconds() };
    const started = performance.now();
    const dueAt = (call) => (rate ? started + (call * 1000) / rate : performance.now());
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < items.length) {
          const call = calls;
          calls += 1;
          // Taken before waiting, so that no two clients take the same one.
          const item = call % 10 === 9 ? undefined : items[next++];
          const due = dueAt(call);
          if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
          if (!item) {
            // A professional with a balance asks for part of it.
            const [professionalId, currency] = earners[call % earners.length];
            const balance = await ledger.balanceOf(balanceAccount(professionalId, currency));
            if (balance > 0) {
              try {
                await payouts.requestPayout(
                  { id: professionalId, role: 'professional' },
                  {
                    amount:
                      Math.max(1, Math.floor(balance / 2)) / (currency === 'KWD' || currency === 'BHD' || currency === 'OMR' ? 1000 : 100),
                    currency,
                    iban: 'AE070331234567890123456',
                    account_holder: 'Bench Professional',
                  },
                );
                payoutTimes.push(performance.now() - due);
              } catch {
                refusedPayouts += 1;
              }
            }
            continue;
          }
          await payments.approveMilestone({ id: item.employer_id, role: 'employer' }, item.id, { notes: '' });
          approvals.push(performance.now() - due);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const cpu = { node: (nodeCpu.user + nodeCpu.system) / 1e6, postgres: postgresCpuSeconds() - cpuBefore.postgres };
    console.log(`  ${describe('milestone approvals', approvals, seconds)}`);
    console.log(`  ${describe('payouts', payoutTimes, seconds)}${refusedPayouts ? ` (${refusedPayouts} refused as overdrawn)` : ''}`);
    console.log(
      `  CPU: this Node.js process ${cpu.node.toFixed(1)} s (${((cpu.node / seconds) * 100).toFixed(0)}% of a core), PostgreSQL ${cpu.postgres.toFixed(1)} s (${((cpu.postgres / seconds) * 100).toFixed(0)}%)`,
    );
  }

  console.log(
    `${CLIENTS} clients on a pool of ${POOL} connections, ${JOBS.toLocaleString('en')} jobs in escrow, each calling again once answered:`,
  );
  await run(work.slice(0, APPROVALS));
  let taken = APPROVALS;
  for (const rate of RATES) {
    const count = Math.round(rate * PACED_SECONDS);
    console.log(
      `${CLIENTS} clients sending ${rate} approvals a second between them (and a payout request for every nine), for ${PACED_SECONDS} s:`,
    );
    await run(work.slice(taken, taken + count), (rate * 10) / 9);
    taken += count;
  }
  if (STATEMENTS) {
    const { rows: top } = await reader.query(
      `select calls, round(total_exec_time)::int as exec_ms, round(total_plan_time)::int as plan_ms, round(mean_exec_time::numeric, 3) as mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
       from pg_stat_statements order by total_exec_time + total_plan_time desc limit 25`,
    );
    console.table(top);
    const { rows: sums } = await reader.query(
      `select sum(calls)::int as statements, round(sum(total_exec_time))::int as exec_ms, round(sum(total_plan_time))::int as plan_ms from pg_stat_statements`,
    );
    console.log(`  all statements: ${sums[0].statements} · executing ${sums[0].exec_ms} ms · planning ${sums[0].plan_ms} ms`);
  }
  const checkStarted = performance.now();
  const violations = await checkLedgerInvariants(database.db);
  const { rows: size } = await reader.query(
    `select (select count(*) from ledger_transactions)::int as transactions, (select count(*) from ledger_entries)::int as entries`,
  );
  console.log(
    `invariant check over the whole ledger (${size[0].transactions.toLocaleString('en')} transactions, ${size[0].entries.toLocaleString('en')} entries): ${((performance.now() - checkStarted) / 1000).toFixed(2)} s, ${violations.length} violations`,
  );
  if (violations.length > 0) {
    console.log(violations.slice(0, 10));
    process.exitCode = 1;
  }
} finally {
  await reader.end();
  await app.close();
  await database.close();
  await server.stop();
}
