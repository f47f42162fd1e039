// `npm test`: typecheck, lint, unit tests, the API suite on PGlite and on a real PostgreSQL server, then the
// browser journeys against the built product, all on Node.js 24 (fetched from the npm registry first when this
// machine's Node.js is older; scripts/node24.mjs). Every step runs; the exit code says if any failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { rerunOnNode24 } from './node24.mjs';
import { startThrowawayPostgres } from './postgres.mjs';

await rerunOnNode24();

const reportDirectory = path.resolve('.tmp/test-reports');
fs.rmSync(reportDirectory, { recursive: true, force: true });
fs.mkdirSync(reportDirectory, { recursive: true });

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test by name with the first line of its failure, repeated in the summary: a long log's tail says what broke. */
const failures = [];
const firstLine = (message = '') =>
  message
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        failures.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0)
      failures.push(`${path.relative(process.cwd(), file.name)}: ${firstLine(file.message)}`);
  }
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const visit = (suite, titles) => {
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`${spec.file} › [${test.projectName}] ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
  };
  for (const fileSuite of report.suites) visit(fileSuite, []);
}

function countLighthouse(file) {
  if (!fs.existsSync(file)) return;
  for (const { name, ok, text } of JSON.parse(fs.readFileSync(file, 'utf8'))) {
    if (ok) totals.passed += 1;
    else {
      totals.failed += 1;
      failures.push(`Lighthouse › ${name}: ${text}`);
    }
  }
}

/** `vitest run` for these projects with both reporters; the JSON one is read by countVitest. */
const vitest = (projects, report) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reportDirectory, report)}`,
];

/** Steps that share nothing, run at once (one per core); each one's output is printed whole when it ends. */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n━━ ${name} ━━`);
            process.stdout.write(Buffer.concat(output));
            results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
            resolve();
          });
        }),
    ),
  );
}

await runTogether([
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
]);

run('unit tests', 'npx', vitest(['unit', 'web'], 'unit.json'));
countVitest(path.join(reportDirectory, 'unit.json'));

run('API suite on PGlite', 'npx', vitest(['api'], 'api-pglite.json'), { TEST_DATABASE_URL: '' });
countVitest(path.join(reportDirectory, 'api-pglite.json'));

let postgres;
try {
  postgres = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined } : await startThrowawayPostgres();
  run('API suite on PostgreSQL', 'npx', vitest(['api'], 'api-postgres.json'), { TEST_DATABASE_URL: postgres.url });
  countVitest(path.join(reportDirectory, 'api-postgres.json'));
} catch (error) {
  console.error(`\n${error.message}`);
  results.push({ name: 'API suite on PostgreSQL', ok: false, seconds: 0 });
} finally {
  postgres?.stop();
}

try {
  const chromium = ensureChromium();
  if (run('build', 'npm', ['run', '--silent', 'build'])) {
    run('browser journeys', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDirectory, 'e2e.json'),
    });
    countPlaywright(path.join(reportDirectory, 'e2e.json'));
    // Alone, after the journeys: Lighthouse times what the browser does, so nothing else may run beside it.
    const lighthouseReport = path.join(reportDirectory, 'lighthouse.json');
    run('Lighthouse on the public pages', 'node', ['scripts/lighthouse.mjs'], {
      CHROMIUM_PATH: chromium,
      LIGHTHOUSE_REPORT: lighthouseReport,
    });
    countLighthouse(lighthouseReport);
  }
} catch (error) {
  console.error(`\n${error.message}`);
  results.push({ name: 'browser journeys', ok: false, seconds: 0 });
}

console.log('\n━━ summary ━━');
for (const { name, ok, skipped, seconds } of results)
  console.log(skipped ? `- ${name} (skipped)` : `${ok ? '✓' : '✗'} ${name} (${seconds}s)`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`);
const failedSteps = results.filter((result) => !result.ok).length;
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps > 0 ? 1 : 0);
