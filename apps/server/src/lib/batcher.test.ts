import { describe, expect, it } from 'vitest';
import { deferred } from '../test/deferred.ts';
import { createBatcher } from './batcher.ts';

describe('createBatcher', () => {
  it('writes the first item at once and those arriving meanwhile together, up to maxBatch, `concurrency` batches at a time', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    let active = 0;
    let mostActive = 0;
    const batcher = createBatcher<number, number>({
      maxBatch: 3,
      concurrency: 1,
      async write(items) {
        batches.push(items);
        active += 1;
        mostActive = Math.max(mostActive, active);
        if (batches.length === 1) await gate.promise;
        active -= 1;
        return items.map((item) => ({ status: 'fulfilled', value: item * 10 }));
      },
    });
    const results = Promise.all([1, 2, 3, 4, 5, 6].map((item) => batcher.submit(item)));
    expect(batches).toEqual([[1]]);
    gate.resolve();
    expect(await results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(mostActive).toBe(1);
  });

  it('settles each item with its own outcome: one refused item does not fail the others', async () => {
    const batcher = createBatcher<number, number>({
      maxBatch: 10,
      concurrency: 1,
      write: async (items) =>
        items.map((item) =>
          item === 2 ? { status: 'rejected', reason: new Error('two is refused') } : { status: 'fulfilled', value: item },
        ),
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map((item) => batcher.submit(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('two is refused'));
  });

  it('writes a batch that throws again one item at a time, so only the item that breaks it fails', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const batcher = createBatcher<number, number>({
      maxBatch: 10,
      concurrency: 1,
      async write(items) {
        batches.push(items);
        if (batches.length === 1) await gate.promise;
        if (items.includes(3)) throw new Error('three breaks the batch');
        return items.map((item) => ({ status: 'fulfilled', value: item }));
      },
    });
    const outcomes = Promise.allSettled([1, 2, 3, 4].map((item) => batcher.submit(item)));
    gate.resolve();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('keeps going after a failure: later items are written', async () => {
    let calls = 0;
    const batcher = createBatcher<number, number>({
      maxBatch: 10,
      concurrency: 2,
      async write(items) {
        calls += 1;
        if (calls === 1) throw new Error('the database went away');
        return items.map((item) => ({ status: 'fulfilled', value: item }));
      },
    });
    await expect(batcher.submit(1)).rejects.toThrow('the database went away');
    await expect(batcher.submit(2)).resolves.toBe(2);
  });
});
