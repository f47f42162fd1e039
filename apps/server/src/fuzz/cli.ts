// `npm run fuzz [-- --requests 10000 --seed 42]`: the generated-input test at scale, on an embedded
// database (or DATABASE_URL's server). Prints the seed first, and each failure as a command to replay.
import { parseArgs } from 'node:util';
import { createTestApp } from '../test/harness.ts';
import { reproduction, runFuzz } from './run.ts';
import { prepareFuzzTargets } from './setup.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '10000' }, seed: { type: 'string' } },
});
const seed = Number(values.seed ?? Math.floor(Math.random() * 1_000_000));
const wanted = Number(values.requests);
console.log(`fuzz: seed ${seed} (replay with --seed ${seed})`);

const app = await createTestApp();
const targets = await prepareFuzzTargets(app);
const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
const casesPerOperation = Math.max(25, Math.ceil(wanted / (operations * targets.callers.length)));
const report = await runFuzz({
  app,
  seed,
  casesPerOperation,
  ...targets,
  onProgress: (done) => {
    if (done % 2000 === 0) console.log(`  ${done} requests…`);
  },
});
await app.close();

console.log(
  `fuzz: ${report.requests} requests to ${report.operations} operations as ${targets.callers.length} callers in ${(report.milliseconds / 1000).toFixed(1)} s ` +
    `(${Math.round(report.requests / (report.milliseconds / 1000))} a second)`,
);
console.log(`statuses: ${JSON.stringify(report.byStatus)}`);
if (report.failures.length === 0) {
  console.log('no failures: no 5xx, every error {detail, code} and declared, no refused request changed a row');
} else {
  // One reproduction per operation and problem: the shortest request that showed it.
  const shortest = new Map<string, (typeof report.failures)[number]>();
  for (const failure of report.failures) {
    const key = `${failure.operation} ${failure.problem}`;
    const size = (item: typeof failure) => JSON.stringify(item.request).length;
    if (!shortest.has(key) || size(failure) < size(shortest.get(key)!)) shortest.set(key, failure);
  }
  console.log(`\n${report.failures.length} failures (seed ${seed}):\n`);
  for (const failure of shortest.values()) console.log(`${reproduction(failure)}\n`);
  process.exitCode = 1;
}
