import { hasSlot, widen } from './bit-sets.ts';

/**
 * The sort orders of an in-memory search index: for each sort, the living slots kept in its order by
 * `compareSlots` (negative when slot `a` comes first), and the reading of a page of matches from them.
 */

interface Order {
  slots: Uint32Array;
  length: number;
}

/** How a page is read: the cheaper way (always, but in tests that make each way run). */
export type PagePlan = 'cheaper' | 'walk' | 'collect';

/** The orders as they stand (`state()`), to make them again from (index-snapshot.ts). */
export type SortOrdersState = Record<string, Order>;

export function createSortOrders<Sort extends string>(
  sorts: readonly Sort[],
  capacity: number,
  compareSlots: (sort: Sort, a: number, b: number) => number,
  from?: SortOrdersState,
) {
  const orders = Object.fromEntries(
    sorts.map((sort) => [sort, from?.[sort] ? { ...from[sort] } : { slots: new Uint32Array(capacity), length: 0 }]),
  ) as Record<Sort, Order>;

  /**
   * The first position in the sort's order whose slot comes after the target (or is it, when
   * `inclusive`); `compare(slot)` is negative when the slot comes before the target, 0 when it is it.
   */
  function positionAfter(sort: Sort, compare: (slot: number) => number, inclusive = false) {
    const order = orders[sort];
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const comparison = compare(order.slots[middle]!);
      if (comparison < 0 || (comparison === 0 && !inclusive)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where the slot is in the sort's order (or would go). */
  const positionOf = (sort: Sort, slot: number, inclusive = true) =>
    positionAfter(sort, (each) => compareSlots(sort, each, slot), inclusive);

  function enter(slot: number) {
    for (const sort of sorts) {
      const order = orders[sort];
      const at = positionOf(sort, slot, false);
      order.slots.copyWithin(at + 1, at, order.length);
      order.slots[at] = slot;
      order.length += 1;
    }
  }

  function leave(slot: number) {
    for (const sort of sorts) {
      const order = orders[sort];
      const at = positionOf(sort, slot);
      if (order.slots[at] !== slot) throw new Error(`search index: slot ${slot} not found in the ${sort} order`);
      order.slots.copyWithin(at, at + 1, order.length);
      order.length -= 1;
    }
  }

  /** Moves the slot, found at `from` before its values changed, to its place for its values now. */
  function reposition(sort: Sort, slot: number, from: number) {
    const order = orders[sort];
    if (order.slots[from] !== slot) throw new Error(`search index: slot ${slot} not found in the ${sort} order`);
    // Its place among the others: a search of the order as if it were not at `from`.
    let low = 0;
    let high = order.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareSlots(sort, order.slots[middle < from ? middle : middle + 1]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    if (low < from) order.slots.copyWithin(low + 1, low, from);
    else order.slots.copyWithin(from, from + 1, low + 1);
    order.slots[low] = slot;
  }

  function grow(next: number) {
    for (const sort of sorts) orders[sort].slots = widen(orders[sort].slots, next);
  }

  /** Sorts every living slot of `0 … used` once (loading places no slot in the orders one by one). */
  function seal(alive: Uint32Array, used: number) {
    for (const sort of sorts) {
      const order = orders[sort];
      order.length = 0;
      for (let slot = 0; slot < used; slot += 1) if (hasSlot(alive, slot)) order.slots[order.length++] = slot;
      order.slots.subarray(0, order.length).sort((a, b) => compareSlots(sort, a, b));
    }
  }

  /**
   * Up to `count` slots of the set `bits` (`total` of `live` slots) after skipping `skip`, in the sort's
   * order (last to first when `backward`), from position `start` on, or only those that `isAfter`
   * keeps. Walking the order meets a match every (live / total) positions on average; collecting the
   * matches costs a pass over the bits (over only the words `words` lists, when given: those that may
   * hold a match) and a comparison or few for each. The cheaper is chosen.
   */
  function page(
    sort: Sort,
    {
      bits,
      total,
      live,
      skip,
      count,
      plan,
      backward = false,
      words,
    }: {
      bits: Uint32Array;
      total: number;
      live: number;
      skip: number;
      count: number;
      plan: PagePlan;
      backward?: boolean;
      words?: Int32Array;
    },
    after?: { start: number; isAfter: (slot: number) => boolean },
  ): number[] {
    if (backward && after) throw new Error('search index: a page read backwards starts at the end');
    const wanted = skip + count;
    if (skip >= total || count <= 0) return [];
    const walkCost = (wanted * live) / total;
    // A step of a walk is a read of the order and a bit; a match collected costs a comparison with the
    // last of those kept, about three steps.
    const collectCost = (words?.length ?? bits.length) + 3 * total;
    if (plan === 'walk' || (plan === 'cheaper' && walkCost <= collectCost)) {
      const order = orders[sort];
      const found: number[] = [];
      let matched = 0;
      const step = backward ? -1 : 1;
      for (let at = backward ? order.length - 1 : (after?.start ?? 0); at >= 0 && at < order.length && found.length < count; at += step) {
        const slot = order.slots[at]!;
        if (hasSlot(bits, slot)) {
          if (matched >= skip) found.push(slot);
          matched += 1;
        }
      }
      return found;
    }
    // The first `wanted` matches in the order (the last, backwards), kept in a heap whose root is the
    // last of them: a match that comes after the root is passed over with one comparison.
    const comesBefore = backward
      ? (a: number, b: number) => compareSlots(sort, b, a) < 0
      : (a: number, b: number) => compareSlots(sort, a, b) < 0;
    const kept = new Uint32Array(wanted);
    let size = 0;
    const consider = (slot: number) => {
      if (after && !after.isAfter(slot)) return;
      if (size < wanted) {
        // Up from the new leaf while it comes after its parent.
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >>> 1;
          if (!comesBefore(kept[parent]!, slot)) break;
          kept[at] = kept[parent]!;
          at = parent;
        }
        kept[at] = slot;
      } else if (comesBefore(slot, kept[0]!)) {
        // Down from the root, to where the later of its children no longer comes after it.
        let at = 0;
        for (;;) {
          let child = 2 * at + 1;
          if (child >= size) break;
          if (child + 1 < size && comesBefore(kept[child]!, kept[child + 1]!)) child += 1;
          if (!comesBefore(slot, kept[child]!)) break;
          kept[at] = kept[child]!;
          at = child;
        }
        kept[at] = slot;
      }
    };
    const wordCount = words?.length ?? bits.length;
    for (let listed = 0; listed < wordCount; listed += 1) {
      const index = words ? words[listed]! : listed;
      let word = bits[index]!;
      while (word !== 0) {
        const low = word & -word;
        consider((index << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    const first = Array.from(kept.subarray(0, size)).sort((a, b) => (comesBefore(a, b) ? -1 : 1));
    return first.slice(skip);
  }

  /** The orders as they stand: their own arrays, to be written before they change. */
  const state = (): SortOrdersState => ({ ...orders });

  return { positionAfter, positionOf, enter, leave, reposition, grow, seal, page, state };
}
