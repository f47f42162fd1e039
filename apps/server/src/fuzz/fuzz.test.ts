import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/harness.ts';
import { reproduction, runFuzz, type FuzzReport } from './run.ts';
import { prepareFuzzTargets } from './setup.ts';

/** `npm run fuzz` runs the same with 10,000 requests or more; this is the bounded run of every `npm test`. */
const CASES_PER_OPERATION = 25;
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe(`generated requests to every operation of the OpenAPI document (seed ${seed})`, () => {
  let app: App;
  let report: FuzzReport;
  beforeAll(async () => {
    app = await createTestApp();
    const targets = await prepareFuzzTargets(app);
    report = await runFuzz({ app, seed, casesPerOperation: CASES_PER_OPERATION, ...targets });
    console.log(
      `fuzz: seed ${seed}, ${report.requests} requests to ${report.operations} operations in ${(report.milliseconds / 1000).toFixed(1)} s; ` +
        `statuses ${JSON.stringify(report.byStatus)}`,
    );
  }, 600_000);
  afterAll(() => app.close());

  it('covers every operation with at least 25 cases for each caller', () => {
    expect(report.operations).toBeGreaterThanOrEqual(40);
    expect(report.requests).toBeGreaterThanOrEqual(report.operations * CASES_PER_OPERATION * 3);
  });

  it('never answers 5xx or outside {detail, code}, and no refusal changes a row', () => {
    const shown = report.failures.slice(0, 10).map((failure) => reproduction(failure));
    expect(
      shown,
      `seed ${seed} (FUZZ_SEED=${seed} npx vitest run --project api apps/server/src/fuzz replays it)\n${shown.join('\n\n')}`,
    ).toEqual([]);
  });
});
