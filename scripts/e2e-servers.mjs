// Starts one built server per journey worker, all at once, each on its own throwaway data directory
// (removed after), and says so when every one answers /readyz. Playwright starts the servers it is given
// one after another; each creates and seeds its database, so starting them together saves that wait.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from './server-options.mjs';

const count = Number(process.env.E2E_SERVERS ?? 1);
const firstPort = Number(process.env.PORT ?? 3100);
const host = '127.0.0.1';

// A real OpenID provider (oidc-provider) standing in for UAE PASS, which the journeys sign in with
// (e2e/identity.spec.ts names who signs in next through its /test/sign-in-as); one for every server.
const identityPort = Number(process.env.E2E_IDENTITY_PORT ?? 3099);
const { startOidcProvider } = await import('../apps/server/src/test/oidc-provider.ts');
const identityProvider = await startOidcProvider({
  port: identityPort,
  control: true,
  redirectUris: Array.from({ length: count }, (_, index) => `http://localhost:${firstPort + index}/api/auth/identity/uae_pass/callback`),
});

const servers = Array.from({ length: count }, (_, index) => {
  const port = firstPort + index;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-e2e-'));
  // As npm start runs it (the traces' module first, which does nothing without OTEL_EXPORTER_OTLP_ENDPOINT).
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'apps/server/dist/main.js'], {
    stdio: 'inherit',
    // PUBLIC_URL at its default (http://localhost:PORT) while the journeys open 127.0.0.1: a checkout
    // returns a payer to the site's origin they paid from (decision 44), which every journey that pays checks.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: '',
      // The journeys tell each one's client address as a proxy would (e2e/fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      UAE_PASS_ISSUER: identityProvider.issuer,
      UAE_PASS_CLIENT_ID: identityProvider.clientId,
      UAE_PASS_CLIENT_SECRET: identityProvider.clientSecret,
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { port, child, exited };
});

let stopping = false;
async function stopAll(signal, code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of servers) if (child.exitCode === null) child.kill(signal);
  await Promise.all(servers.map(({ exited }) => exited));
  await identityProvider.close();
  process.exit(code);
}
process.on('SIGINT', () => stopAll('SIGINT', 0));
process.on('SIGTERM', () => stopAll('SIGTERM', 0));
// One server gone means its worker's journeys would fail for a reason that is not theirs: stop them all.
for (const { exited } of servers) exited.then((code) => stopAll('SIGTERM', code || 1));

async function ready(port) {
  for (;;) {
    const answered = await fetch(`http://${host}:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
await Promise.all(servers.map(({ port }) => ready(port)));
console.log(`journey servers ready on ports ${firstPort}–${firstPort + count - 1}`);
