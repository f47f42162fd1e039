// The money simulation at full length: 100,000 seeded steps on a throwaway PostgreSQL (or TEST_DATABASE_URL),
// the ledger's invariants checked after every step. MONEY_SIM_SEED replays a run; MONEY_SIM_STEPS changes its length.
import { spawnSync } from 'node:child_process';
import { startThrowawayPostgres } from './postgres.mjs';

const postgres = process.env.TEST_DATABASE_URL
  ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined }
  : await startThrowawayPostgres();
const seed = process.env.MONEY_SIM_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`money simulation: seed ${seed} (replay with MONEY_SIM_SEED=${seed} npm run test:money-sim)`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'apps/server/src/modules/payments/money-simulation.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: postgres.url, MONEY_SIM_SEED: seed, MONEY_SIM_STEPS: process.env.MONEY_SIM_STEPS ?? '100000' },
});
await postgres.stop();
process.exit(result.status ?? 1);
