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

const login = () =>
  fetch(`${base}/api/auth/enhanced-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'layla.haddad@demo.mihna.ae', password: 'MihnaDemo2025!' }),
  });

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
  for (let index = 0; index < 10; index += 1) await (await login()).arrayBuffer();

  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const begin = performance.now();
        const response = await login();
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
