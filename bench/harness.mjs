// Shared by the benchmarks: the built server on a throwaway data directory, and a closed-loop load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../scripts/certificate.mjs';
import { SERVER_NODE_OPTIONS } from '../scripts/server-options.mjs';

/** A process's resident memory in MB, from /proc (Linux). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * What a first visit to / loads from the web build in `dist`: index.html's scripts and stylesheet and
 * the home page's chunk with its imports (from Vite's manifest), as paths under `dist`.
 */
export function firstVisitFiles(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect('index.html');
  collect(Object.keys(manifest).find((key) => key.endsWith('app/routes/home.tsx')));
  return [...files];
}

/** Samples `read()` every 100 ms until the returned function is called; that returns the highest. */
function samplePeak(read) {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

/**
 * Starts `apps/server/dist/main.js` as `npm start` does, on PGlite; `stop()` ends it and removes the data.
 * With `tls`, it serves HTTPS and HTTP/2 with a self-signed certificate, as a deployment does; `get`
 * trusts that certificate (fetch would refuse it).
 */
export async function startServer(port, env = {}, { keepData = false, tls = false } = {}) {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-bench-'));
  const certificate = tls ? selfSignedCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-tls-'))) : undefined;
  const tlsEnv = certificate ? { TLS_CERT_FILE: certificate.cert, TLS_KEY_FILE: certificate.key } : {};
  // BENCH_SERVER_NODE_ARGS: options for the server's node alone (--cpu-prof, to see where its time goes).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_OPTIONS, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...tlsEnv,
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const ca = certificate ? fs.readFileSync(certificate.cert) : undefined;
  /** GET `pathname`: its status and body. */
  const get = (pathname) =>
    new Promise((resolve, reject) =>
      (tls ? https : http)
        .get(`${base}${pathname}`, { ca }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        })
        .on('error', reject),
    );
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    if (certificate) fs.rmSync(path.dirname(certificate.cert), { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    if (
      await get('/readyz').then(
        (response) => response.status === 200,
        () => false,
      )
    )
      return {
        base,
        get,
        stop,
        rssMb: () => rssMb(server.pid),
        peakRss: () => samplePeak(() => rssMb(server.pid)),
        // From the process's start to its first ready answer (its search indexes loaded, at most 200 ms late).
        readySeconds: (performance.now() - spawnedAt) / 1000,
      };
    // A million projects load from their rows in about half a minute, on a busy machine more.
    if (attempt > 600) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `total` requests, `concurrency` at a time (`request(client)` per worker); prints throughput and percentiles. */
export async function measure(label, { total, concurrency }, request) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (next < total) {
        next += 1;
        const begin = performance.now();
        const response = await request(client);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`status ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(1);
  console.log(`${label}: ${total} requests, ${concurrency} at a time`);
  console.log(`  ${(total / seconds).toFixed(1)} requests/s · p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · p99 ${at(0.99)} ms`);
}

// Numbers unique within a run (time to the 10 ms, then a counter), so accounts made back to back never share one.
let accountsMade = 0;
const nextPhone = () => `5${String(Math.floor(Date.now() / 10) % 1e6).padStart(6, '0')}${String(accountsMade++ % 100).padStart(2, '0')}`;

/** Registers an account through the API (a professional unless `role` says) and completes it with the code from the outbox; returns its e-mail and token. */
export async function createAccount(base, { label, index, password, role = 'professional' }) {
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const email = `bench.${label}.${index}.${Date.now()}@example.ae`;
  const registered = await (
    await post('/api/auth/register', {
      role,
      first_name: 'Bench',
      last_name: `User ${index}`,
      email,
      phone_number: nextPhone(),
      password,
      confirm_password: password,
    })
  ).json();
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(outbox.messages[0].text)[1];
  const completed = await (
    await post('/api/auth/complete-registration', { registration_id: registered.registration_id, verification_code: code, email })
  ).json();
  if (!completed.access_token) throw new Error(`registering ${email}: ${JSON.stringify(registered)} ${JSON.stringify(completed)}`);
  return { email, token: completed.access_token };
}
