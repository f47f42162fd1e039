import { describe, expect, it } from 'vitest';
import { inTurns } from './in-turns.ts';

describe('inTurns', () => {
  it('runs one at a time; the calls made during a run share the next, which begins after they asked', async () => {
    const runs: { began: number; finish: () => void }[] = [];
    let clock = 0;
    const call = inTurns(
      () =>
        new Promise<void>((resolve) => {
          runs.push({ began: (clock += 1), finish: resolve });
        }),
    );
    const first = call();
    expect(runs).toHaveLength(1);
    const asked = clock;
    const [second, third] = [call(), call()];
    // Both wait for a run that begins after the first ends.
    await Promise.resolve();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(2);
    expect(runs[1]!.began).toBeGreaterThan(asked);
    runs[1]!.finish();
    await Promise.all([second, third]);
    expect(runs).toHaveLength(2);
  });

  it('a failed run fails its callers only; the next call runs again', async () => {
    let count = 0;
    const call = inTurns(async () => {
      count += 1;
      if (count === 1) throw new Error('read failed');
    });
    const first = call();
    const queued = call();
    await expect(first).rejects.toThrow('read failed');
    await expect(queued).resolves.toBeUndefined();
    expect(count).toBe(2);
  });
});
