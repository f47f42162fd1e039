import { describe, expect, it } from 'vitest';
import { createSearchCache } from './search-cache.ts';

describe('search cache', () => {
  const counted = () => {
    let calls = 0;
    const compute = (validUntil = Number.POSITIVE_INFINITY) => {
      calls += 1;
      return Promise.resolve({ value: `answer ${calls}`, validUntil });
    };
    return { compute, calls: () => calls };
  };

  it('serves an answer again while the version is unchanged, and computes anew once it rises', async () => {
    const cache = createSearchCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const { compute, calls } = counted();
    expect(await cache.get('q=web', 1, 1000, () => compute())).toBe('answer 1');
    expect(await cache.get('q=web', 1, 2000, () => compute())).toBe('answer 1');
    expect(await cache.get('q=web', 2, 3000, () => compute())).toBe('answer 2');
    expect(await cache.get('q=app', 2, 3000, () => compute())).toBe('answer 3');
    expect(calls()).toBe(3);
    expect(cache.stats()).toEqual({ hits: 1, joined: 0, computed: 3, entries: 2 });
  });

  it('stops serving an answer when it ends on its own, when it is too old, and before it was computed', async () => {
    const cache = createSearchCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const { compute } = counted();
    await cache.get('ends', 1, 1000, () => compute(5000));
    expect(await cache.get('ends', 1, 4999, () => compute())).toBe('answer 1');
    expect(await cache.get('ends', 1, 5000, () => compute())).toBe('answer 2');

    await cache.get('ages', 1, 10_000, () => compute());
    expect(await cache.get('ages', 1, 69_999, () => compute())).toBe('answer 3');
    expect(await cache.get('ages', 1, 70_000, () => compute())).toBe('answer 4');
    expect(await cache.get('ages', 1, 60_000, () => compute())).toBe('answer 5');
  });

  it('computes a search once for all the requests that miss it together', async () => {
    const cache = createSearchCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const { compute, calls } = counted();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('q=web', 1, 1000, () => compute())));
    expect(cache.stats()).toMatchObject({ hits: 0, joined: 4, computed: 1 });
    expect(answers).toEqual(Array(5).fill('answer 1'));
    expect(calls()).toBe(1);
  });

  it('forgets a failed computation, so the next request tries again', async () => {
    const cache = createSearchCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    await expect(cache.get('q=web', 1, 1000, () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get('q=web', 1, 1000, () => Promise.resolve({ value: 'fresh', validUntil: Infinity }))).toBe('fresh');
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = createSearchCache<string>({ maxEntries: 2, maxAgeMs: 60_000 });
    const { compute, calls } = counted();
    await cache.get('a', 1, 1000, () => compute());
    await cache.get('b', 1, 1000, () => compute());
    await cache.get('a', 1, 1000, () => compute());
    await cache.get('c', 1, 1000, () => compute());
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 1, 1000, () => compute())).toBe('answer 1');
    expect(await cache.get('b', 1, 1000, () => compute())).toBe('answer 4');
    expect(calls()).toBe(4);
  });

  it('never replaces an answer with one computed at an older version', async () => {
    const cache = createSearchCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    let finishOld: (value: { value: string; validUntil: number }) => void = () => {};
    const old = cache.get('q', 1, 1000, () => new Promise((resolve) => (finishOld = resolve)));
    await cache.get('q', 2, 1000, () => Promise.resolve({ value: 'new', validUntil: Infinity }));
    finishOld({ value: 'old', validUntil: Infinity });
    expect(await old).toBe('old');
    expect(await cache.get('q', 2, 1000, () => Promise.resolve({ value: 'recomputed', validUntil: Infinity }))).toBe('new');
  });
});
