// Password login on the built server (argon2id at OWASP's parameters dominates), PGlite data dir.
// Run after `npm run build`: node bench/login.mjs [logins=200] [concurrency=8]
import { createAccount, measure, startServer } from './harness.mjs';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 8);
const password = 'BenchMark2026';
const { base, stop } = await startServer(3191, { SEED_DEMO: '0' });

const post = (path, body) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One account per concurrent client (parallel logins to one account count as tries in flight). */
try {
  const emails = await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => (await createAccount(base, { label: 'login', index, password })).email),
  );
  const login = (client) => post('/api/auth/enhanced-login', { email: emails[client], password });
  for (let client = 0; client < concurrency; client += 1) await (await login(client)).arrayBuffer();
  await measure('POST /api/auth/enhanced-login (password)', { total, concurrency }, login);
} finally {
  await stop();
}
