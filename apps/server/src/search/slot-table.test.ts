import { describe, expect, it } from 'vitest';
import { hasSlot } from './bit-sets.ts';
import { createSlotTable } from './slot-table.ts';

const idOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const noValues = () => undefined;

/** A table with one order by a value per slot (highest first, then by id), and the values. */
function orderedTable(sealed = true) {
  const slots = createSlotTable({ sealed, hashes: true });
  let values = new Float64Array(slots.capacity);
  slots.onGrow((next) => {
    const wider = new Float64Array(next);
    wider.set(values);
    values = wider;
  });
  const orders = slots.orders(['value'], (_sort, a, b) => values[b]! - values[a]! || slots.ids.compare(a, b));
  const put = (n: number, value: number, hash = 1) =>
    slots.put(
      idOf(n),
      (slot) => {
        values[slot] = value;
      },
      hash,
    );
  /** Every living slot's id, in the order. */
  const ordered = () =>
    orders
      .page('value', { bits: slots.alive, total: slots.live, live: slots.live, skip: 0, count: slots.live, plan: 'walk' })
      .map((slot) => slots.ids.idOf(slot));
  return { slots, put, ordered };
}

describe('a slot table', () => {
  it('gives each new id the next slot, finds it by its id and reads the id back', () => {
    const slots = createSlotTable();
    expect([1, 2, 3].map((n) => slots.put(idOf(n), noValues))).toEqual([0, 1, 2]);
    expect(slots.slotOf(idOf(2))).toBe(1);
    expect(slots.slotOf(idOf(9))).toBeUndefined();
    expect(slots.ids.idOf(2)).toBe(idOf(3));
    expect(slots.used).toBe(3);
    expect(slots.live).toBe(3);
    expect(slots.deadShare).toBe(0);
    expect([0, 1, 2, 3].map((slot) => hasSlot(slots.alive, slot))).toEqual([true, true, true, false]);
  });

  it('never reuses a freed slot: a removed id is not found, and a new or returning id takes the next slot', () => {
    const slots = createSlotTable();
    for (let n = 0; n < 4; n += 1) slots.put(idOf(n), noValues);
    expect(slots.remove(idOf(1))).toBe(1);
    expect(slots.remove(idOf(1))).toBeUndefined();
    expect(slots.remove(idOf(99))).toBeUndefined();
    expect(slots.slotOf(idOf(1))).toBeUndefined();
    expect(hasSlot(slots.alive, 1)).toBe(false);
    expect(slots.live).toBe(3);
    expect(slots.deadShare).toBe(1 / 4);

    expect(slots.put(idOf(4), noValues)).toBe(4);
    expect(slots.put(idOf(1), noValues)).toBe(5);
    expect(slots.slotOf(idOf(1))).toBe(5);
    expect(hasSlot(slots.alive, 1)).toBe(false);
    expect(hasSlot(slots.alive, 5)).toBe(true);
    // The others are found where they were.
    expect([0, 2, 3, 4].map((n) => slots.slotOf(idOf(n)))).toEqual([0, 2, 3, 4]);
    expect(slots.deadShare).toBe(1 / 6);
  });

  it('keeps a slot for the same tokens hash when it keeps hashes, and takes a new one otherwise', () => {
    const freed: number[] = [];
    const filled: [number, boolean][] = [];
    const fill = (slot: number, isNew: boolean) => void filled.push([slot, isNew]);
    const slots = createSlotTable({ hashes: true });
    slots.onFree((slot) => freed.push(slot));
    slots.put(idOf(1), fill, 111);
    slots.put(idOf(2), fill, 222);
    expect(slots.put(idOf(1), fill, 111)).toBe(0);
    expect(slots.put(idOf(1), fill, 333)).toBe(2);
    expect(filled).toEqual([
      [0, true],
      [1, true],
      [0, false],
      [2, true],
    ]);
    expect(freed).toEqual([0]);
    expect(slots.live).toBe(2);

    // Without hashes every put takes a new slot.
    const plain = createSlotTable();
    plain.onFree((slot) => freed.push(slot));
    plain.put(idOf(1), noValues, 111);
    expect(plain.put(idOf(1), noValues, 111)).toBe(1);
    expect(freed).toEqual([0, 0]);
    expect(plain.slotOf(idOf(1))).toBe(1);
  });

  it('grows every array together past its capacity, keeping the living, the ids and the order', () => {
    const { slots, put, ordered } = orderedTable();
    const postings = slots.postings();
    const tokens = postings.tokens();
    const first = slots.capacity;
    const grownTo: [number, number][] = [];
    slots.onGrow((next) => grownTo.push([next, slots.capacity]));
    const count = first * 4 + 10;
    for (let n = 0; n < count; n += 1) {
      const slot = put(n, n % 97);
      // Common enough to keep its bit set, which must widen with the slots.
      postings.post(tokens, n % 2 === 0 ? 'even' : 'odd', slot);
    }
    // Told before the capacity changes, each time it doubles.
    expect(grownTo).toEqual([
      [first * 2, first],
      [first * 4, first * 2],
      [first * 8, first * 4],
    ]);
    expect(slots.capacity).toBe(first * 8);
    expect(slots.alive.length).toBe(slots.capacity >>> 5);
    expect(tokens.get('even')!.bits!.length).toBe(slots.capacity >>> 5);
    expect(hasSlot(tokens.get('even')!.bits!, count - 1 - ((count - 1) % 2))).toBe(true);
    for (const n of [0, first - 1, first, 3 * first + 5, count - 1]) expect(slots.slotOf(idOf(n))).toBe(n);
    const sorted = Array.from({ length: count }, (_, n) => n).sort((a, b) => (b % 97) - (a % 97) || a - b);
    expect(ordered()).toEqual(sorted.map(idOf));
  });

  it('still finds every id after many removals and returns', () => {
    const slots = createSlotTable();
    const count = 5000;
    for (let n = 0; n < count; n += 1) slots.put(idOf(n), noValues);
    for (let n = 0; n < count; n += 2) slots.remove(idOf(n));
    for (let n = 0; n < count; n += 1) expect(slots.slotOf(idOf(n))).toBe(n % 2 === 0 ? undefined : n);
    for (let n = 0; n < count; n += 4) slots.put(idOf(n), noValues);
    for (let n = 0; n < count; n += 4) expect(slots.slotOf(idOf(n))).toBe(count + n / 4);
    expect(slots.slotOf(idOf(2))).toBeUndefined();
    expect(slots.live).toBe(count / 2 + count / 4);
    expect(slots.used).toBe(count + count / 4);
  });

  it('keeps the living slots in its orders as they come, move and leave, once sealed', () => {
    const { slots, put, ordered } = orderedTable();
    put(1, 10);
    put(2, 30);
    put(3, 20);
    expect(ordered()).toEqual([idOf(2), idOf(3), idOf(1)]);
    // The same hash: the same slot, moved.
    expect(put(1, 40)).toBe(0);
    expect(ordered()).toEqual([idOf(1), idOf(2), idOf(3)]);
    // Another hash: a new slot, in its place.
    expect(put(2, 5, 2)).toBe(3);
    expect(ordered()).toEqual([idOf(1), idOf(3), idOf(2)]);
    slots.remove(idOf(3));
    expect(ordered()).toEqual([idOf(1), idOf(2)]);
  });

  it('places no slot in its orders until sealed, then sorts the living once', () => {
    const { slots, put, ordered } = orderedTable(false);
    expect(slots.isSealed).toBe(false);
    put(1, 10);
    put(2, 30);
    put(3, 20);
    put(1, 50);
    slots.remove(idOf(3));
    expect(ordered()).toEqual([]);
    slots.seal();
    expect(slots.isSealed).toBe(true);
    expect(ordered()).toEqual([idOf(1), idOf(2)]);
    put(4, 40);
    expect(ordered()).toEqual([idOf(1), idOf(4), idOf(2)]);
  });

  it('keeps one set of sort orders', () => {
    const { slots } = orderedTable();
    expect(() => slots.orders(['other'], () => 0)).toThrow();
  });
});
