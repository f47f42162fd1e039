import { describe, expect, it } from 'vitest';
import { createCardCache } from './card-cache.ts';

describe('the job card cache', () => {
  it('gives back fresh cards, forgets changed ones and all on a reload, and keeps the most recently used', () => {
    const cache = createCardCache<string>({ maxEntries: 3, maxAgeMs: 60_000 });
    cache.put(
      [
        ['a', 'card a'],
        ['b', 'card b'],
      ],
      1_000,
    );
    expect(cache.take(['a', 'b', 'c'], 2_000)).toEqual({
      found: new Map([
        ['a', 'card a'],
        ['b', 'card b'],
      ]),
      missing: ['c'],
    });
    // Older than a minute (a view count may have moved), or read after the moment asked about: read again.
    expect(cache.take(['a'], 61_000).missing).toEqual(['a']);
    expect(cache.take(['a'], 500).missing).toEqual(['a']);
    cache.forget(['a']);
    expect(cache.take(['a', 'b'], 2_000).missing).toEqual(['a']);
    cache.put([['c', 'card c']], 2_000);
    cache.take(['b'], 2_000);
    cache.put([['d', 'card d']], 2_000);
    cache.put([['e', 'card e']], 2_000);
    // 'c' was the least recently used of b, c, d, e.
    expect(cache.take(['b', 'c', 'd', 'e'], 2_000).missing).toEqual(['c']);
    cache.forget('all');
    expect(cache.size).toBe(0);
  });
});
