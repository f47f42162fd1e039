// Password login on the built server (argon2id at OWASP's parameters dominates), PGlite data dir.
// Run after `npm run build`: node bench/login.mjs [logins=200] [concurrency=8]
import { measure, startServer } from './harness.mjs';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 8);
const password = 'BenchMark2026';
const { base, stop } = await startServer(3191, { SEED_DEMO: '0' });

const post = (path, body) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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

try {
  const emails = await Promise.all(Array.from({ length: concurrency }, (_, index) => createAccount(index)));
  const login = (client) => post('/api/auth/enhanced-login', { email: emails[client], password });
  for (let client = 0; client < concurrency; client += 1) await (await login(client)).arrayBuffer();
  await measure('POST /api/auth/enhanced-login (password)', { total, concurrency }, login);
} finally {
  await stop();
}
