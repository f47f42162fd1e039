// Latency and throughput of the call every visitor makes first, on the built server with PGlite.
// Run after `npm run build`: node bench/interface-settings.mjs [requests=3000] [concurrency=20]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 20);
const port = 3190;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

const url = `http://127.0.0.1:${port}/api/public/interface-settings`;
try {
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (attempt > 100) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (let index = 0; index < 200; index += 1) await (await fetch(url)).arrayBuffer();

  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const begin = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`status ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(2);
  console.log(`GET /api/public/interface-settings: ${total} requests, ${concurrency} at a time`);
  console.log(`  ${(total / seconds).toFixed(0)} requests/s · p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · p99 ${at(0.99)} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
