import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, serverUrl } from './e2e/fixtures.ts';

// Two workers by default: the journeys wait on pages and servers more than they compute. Each worker has
// its own server on its own database (e2e/fixtures.ts), so no journey sees another's writes.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Journeys run against the built product, started the way `npm start` starts it, on a fresh embedded database.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: serverUrl(0),
    // A trace records every page's DOM at each step, which costs a sixth of the run on two cores: on
    // when asked for (E2E_TRACE=1), and a screenshot of the page at a failure always.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // A journey tagged @phone-only runs at phone width alone: it uses demo data a second run would find already used.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  // One server per worker, started together (scripts/e2e-servers.mjs).
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    wait: { stdout: /journey servers ready/ },
    timeout: 90_000,
    // A signal the script passes on, so each server stops and its data directory is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { PORT: String(E2E_PORT), E2E_SERVERS: String(workers) },
  },
});
