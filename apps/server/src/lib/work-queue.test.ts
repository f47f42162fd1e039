import { describe, expect, it } from 'vitest';
import { deferred } from '../test/deferred.ts';
import { mediaMessages } from '@mihna/shared';
import { createWorkQueue } from './work-queue.ts';

describe('createWorkQueue', () => {
  it('runs at most `concurrency` at once, in arrival order, and refuses beyond the waiting line', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const order: number[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        order.push(index);
        await gate.promise;
        return index;
      }),
    );
    expect(queue.running).toBe(1);
    expect(queue.waiting).toBe(2);
    await expect(queue.run(async () => 99)).rejects.toMatchObject({
      code: 'unavailable',
      detail: mediaMessages.busy,
      retryAfterSeconds: 5,
    });

    gates[0]!.resolve();
    await runs[0];
    expect(order).toEqual([0, 1]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.running).toBe(0);
  });

  it('frees its place when the work fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
