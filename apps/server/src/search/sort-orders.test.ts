import { describe, expect, it } from 'vitest';
import { createSortOrders, type PagePlan } from './sort-orders.ts';

// How much of a large index a page reads, counted rather than timed: every look at the set of matches
// is one read, and a walk of the sort order makes one per position it passes.

const SIZE = 300_000;
const WORDS = Math.ceil(SIZE / 32);

/** Each slot's value: the order is by value, highest first, then by slot. */
const values = Float64Array.from({ length: SIZE }, (_, slot) => (slot * 7_919) % 100_003);

function largeIndex() {
  const orders = createSortOrders(['value'] as const, SIZE, (_sort, a, b) => values[b]! - values[a]! || a - b);
  orders.seal(new Uint32Array(WORDS).fill(0xffff_ffff), SIZE);
  return orders;
}

/** A set of matches that counts how often it is looked at. */
function countedSet(isMatch: (slot: number) => boolean) {
  const bits = new Uint32Array(WORDS);
  let total = 0;
  for (let slot = 0; slot < SIZE; slot += 1)
    if (isMatch(slot)) {
      bits[slot >>> 5]! |= 1 << (slot & 31);
      total += 1;
    }
  const reads = { count: 0 };
  const counted = new Proxy(bits, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bits: counted, total, reads };
}

describe('a page of a large index', () => {
  const orders = largeIndex();
  const plans: PagePlan[] = ['walk', 'collect', 'cheaper'];

  it('reads nothing for a search that matches nothing, whichever way it would read a page', () => {
    for (const plan of plans) {
      const none = countedSet(() => false);
      expect(none.total).toBe(0);
      expect(orders.page('value', { bits: none.bits, total: 0, live: SIZE, skip: 0, count: 20, plan })).toEqual([]);
      expect(orders.page('value', { bits: none.bits, total: 0, live: SIZE, skip: 0, count: 20, plan, backward: true })).toEqual([]);
      expect(none.reads.count, plan).toBe(0);
    }
  });

  it('reads a deep page from a cursor as it reads the first page, not through every match before it', () => {
    // Every third slot matches: a hundred thousand matches.
    const third = countedSet((slot) => slot % 3 === 0);
    const first = orders.page('value', { bits: third.bits, total: third.total, live: SIZE, skip: 0, count: 20, plan: 'walk' });
    const firstReads = third.reads.count;
    expect(first).toHaveLength(20);

    // The position 60,000 matches in, and the page after it by skip (the reference) and by cursor.
    const deepSkip = 60_000;
    const bySkip = orders.page('value', { bits: third.bits, total: third.total, live: SIZE, skip: deepSkip, count: 20, plan: 'walk' });
    const lastBefore = orders.page('value', {
      bits: third.bits,
      total: third.total,
      live: SIZE,
      skip: deepSkip - 1,
      count: 1,
      plan: 'walk',
    })[0]!;
    const start = orders.positionOf('value', lastBefore) + 1;
    third.reads.count = 0;
    const byCursor = orders.page(
      'value',
      { bits: third.bits, total: third.total, live: SIZE, skip: 0, count: 20, plan: 'walk' },
      { start, isAfter: () => true },
    );
    expect(byCursor).toEqual(bySkip);
    // About three positions a match, as on the first page; the walk by skip passed 180,000 positions.
    expect(third.reads.count).toBeLessThanOrEqual(firstReads * 2);
    expect(third.reads.count).toBeLessThan(200);
  });

  it('collects a rare term’s few matches instead of walking the order to find them', () => {
    const rare = countedSet((slot) => slot % 50_000 === 7);
    expect(rare.total).toBe(6);
    const page = orders.page('value', { bits: rare.bits, total: rare.total, live: SIZE, skip: 0, count: 20, plan: 'cheaper' });
    expect(page).toHaveLength(6);
    // One pass over the set's words, not a walk of 300,000 positions.
    expect(rare.reads.count).toBeLessThanOrEqual(WORDS + 6);
  });
});
