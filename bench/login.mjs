// Password login on the built server (argon2id at OWASP's parameters dominates), PGlite data dir.
// Run after `npm run build`: node bench/login.mjs [logins=200] [concurrency=8]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 8);
const port = 3191;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: '1' },
  stdio: 'ignore',
});

const post = (path, body) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const password = 'BenchMark2026';

/** One account per concurrent client (parallel logins to one account count as tries in flight). */
async function createAccount(index) {
  const email = `bench.${index}.${Date.now()}@example.ae`;
  const registered = await (
    await post('/api/auth/register', {
      role: 'professional',
      first_name: 'Bench',
      last_name: `User ${index}`,
      email,
      phone_number: `5${String(Date.now() + index).slice(-8)}`,
      password,
      confirm_password: password,
    })
  ).json();
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(outbox.messages[0].text)[1];
  await post('/api/auth/complete-registration', { registration_id: registered.registration_id, verification_code: code, email });
  return email;
}

let emails = [];
const login = (client) => post('/api/auth/enhanced-login', { email: emails[client], password });

try {
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`${base}/readyz`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      break;
    if (attempt > 150) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  emails = await Promise.all(Array.from({ length: concurrency }, (_, index) => createAccount(index)));
  for (let index = 0; index < concurrency; index += 1) await (await login(index)).arrayBuffer();

  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (next < total) {
        next += 1;
        const begin = performance.now();
        const response = await login(client);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`status ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(1);
  console.log(`POST /api/auth/enhanced-login (password): ${total} logins, ${concurrency} at a time`);
  console.log(`  ${(total / seconds).toFixed(1)} logins/s · p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · p99 ${at(0.99)} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
