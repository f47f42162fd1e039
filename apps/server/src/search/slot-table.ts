import { createPostings, widen, type TokensState } from './bit-sets.ts';
import { createIdTable, type IdTableState } from './id-table.ts';
import { createSortOrders, type SortOrdersState } from './sort-orders.ts';

/** What the table does with the sort orders made through it (sort-orders.ts). */
interface Orders {
  sorts: readonly string[];
  enter(slot: number): void;
  leave(slot: number): void;
  seal(alive: Uint32Array, used: number): void;
  positionOf(sort: string, slot: number): number;
  reposition(sort: string, slot: number, from: number): void;
}

/**
 * The slots of an in-memory search index (projects: job-index.ts; professionals:
 * professional-index.ts; the console's directories: directory-index.ts), and their life: a document
 * lives in a slot, taken in order (0, 1, 2 …) and found by the document's id (id-table.ts); it is
 * alive, in the `alive` bit set and in the sort orders, until it leaves.
 *
 * A slot is never reused: a document that leaves, or whose tokens change, leaves a dead slot behind
 * and takes the next one, so that every posting list stays sorted by appending, and a search skips
 * the dead through `alive`. Their share (`deadShare`) tells live-index.ts when to load a whole new
 * index. With `hashes`, a document put again with the same tokens hash (bit-sets.ts, `tokensHash`)
 * keeps its slot and only moves within the orders.
 *
 * Every per-slot array grows with the slots, doubling: the table's own, the postings' bit sets and
 * the sort orders made through it, and the index's values (`onGrow`). A table made for loading
 * (`sealed: false`) places no slot in the orders until `seal()` sorts them once.
 */
/** A table as it stands (`state()`), with its postings and orders, to make it again from (index-snapshot.ts). */
export interface SlotTableState {
  isSealed: boolean;
  capacity: number;
  used: number;
  live: number;
  alive: Uint32Array;
  hashes: Float64Array | undefined;
  ids: IdTableState;
  /** Each `postings()`'s maps, in the order they were made. */
  postings: TokensState[][];
  orders: SortOrdersState | undefined;
}

export function createSlotTable({
  sealed = true,
  hashes: keepsHashes = false,
  from,
}: { sealed?: boolean; hashes?: boolean; from?: SlotTableState } = {}) {
  let isSealed = from?.isSealed ?? sealed;
  let capacity = from?.capacity ?? 1024;
  let used = from?.used ?? 0;
  let live = from?.live ?? 0;
  const ids = createIdTable(from?.ids);
  let alive = from?.alive ?? new Uint32Array(capacity >>> 5);
  /** Each slot's tokens hash, when the table keeps them. */
  let hashes = keepsHashes ? (from?.hashes ?? new Float64Array(capacity)) : undefined;
  let orders: Orders | undefined;
  let ordersState: (() => SortOrdersState) | undefined;
  const made: { state(): TokensState[] }[] = [];
  /** Where a slot being updated was in each order, before its values changed. */
  let positions = new Uint32Array(0);
  const growers: ((next: number) => void)[] = [];
  const freers: ((slot: number) => void)[] = [];

  function grow() {
    const next = capacity * 2;
    alive = widen(alive, next >>> 5);
    if (hashes) hashes = widen(hashes, next);
    for (const each of growers) each(next);
    capacity = next;
  }

  /** Takes the next slot for `id`; `fill` gives it its values before it enters the orders. */
  function add(id: string, fill: (slot: number, isNew: boolean) => void, hash: number) {
    if (used === capacity) grow();
    const slot = used;
    used += 1;
    live += 1;
    ids.add(slot, id);
    if (hashes) hashes[slot] = hash;
    alive[slot >>> 5]! |= 1 << (slot & 31);
    fill(slot, true);
    if (isSealed) orders?.enter(slot);
    return slot;
  }

  /** Lets `fill` change the slot's values, and moves it within the orders, past only the slots between. */
  function update(slot: number, fill: (slot: number, isNew: boolean) => void) {
    if (!isSealed || !orders) {
      fill(slot, false);
      return;
    }
    const { sorts } = orders;
    for (let index = 0; index < sorts.length; index += 1) positions[index] = orders.positionOf(sorts[index]!, slot);
    fill(slot, false);
    for (let index = 0; index < sorts.length; index += 1) orders.reposition(sorts[index]!, slot, positions[index]!);
  }

  /** Ends the slot's life: it leaves the orders and `alive`, and its id no longer finds it. */
  function free(slot: number) {
    if (isSealed) orders?.leave(slot);
    alive[slot >>> 5]! &= ~(1 << (slot & 31));
    for (const each of freers) each(slot);
    ids.remove(slot);
    live -= 1;
  }

  /**
   * Puts the document `id` in and answers its slot: `fill(slot, isNew)` gives the slot its values.
   * The slot it had when the table keeps hashes and `hash` is the one it has there (`isNew` false);
   * otherwise the next one, and the one it had dies.
   */
  function put(id: string, fill: (slot: number, isNew: boolean) => void, hash = 0) {
    const existing = ids.slotOf(id);
    if (existing !== undefined && hashes && hashes[existing] === hash) {
      update(existing, fill);
      return existing;
    }
    if (existing !== undefined) free(existing);
    return add(id, fill, hash);
  }

  /** Takes the document out and answers the slot it had; one that is not in is ignored. */
  function remove(id: string) {
    const slot = ids.slotOf(id);
    if (slot !== undefined) free(slot);
    return slot;
  }

  /** Sorts the orders of a loading table once; from then on each change moves its slot in them. */
  function seal() {
    if (isSealed) return;
    orders?.seal(alive, used);
    isSealed = true;
  }

  /** Token postings over these slots, whose bit sets grow with them. */
  function postings() {
    const postings = createPostings(
      () => capacity,
      () => used,
      from?.postings[made.length],
    );
    made.push(postings);
    growers.push(postings.grow);
    return postings;
  }

  /** The sort orders of the living slots (one set a table), which they enter, leave and move in as they change. */
  function sortOrders<Sort extends string>(sorts: readonly Sort[], compareSlots: (sort: Sort, a: number, b: number) => number) {
    if (orders) throw new Error('search index: a slot table keeps one set of sort orders');
    const sortOrders = createSortOrders(sorts, capacity, compareSlots, from?.orders);
    orders = { ...sortOrders, sorts };
    ordersState = sortOrders.state;
    positions = new Uint32Array(sorts.length);
    growers.push(sortOrders.grow);
    return sortOrders;
  }

  /** The table as it stands, with its postings and orders: their own arrays, to be written before they change. */
  function state(): SlotTableState {
    return {
      isSealed,
      capacity,
      used,
      live,
      alive,
      hashes,
      ids: ids.state(),
      postings: made.map((each) => each.state()),
      orders: ordersState?.(),
    };
  }

  return {
    /** The ids by slot: `idOf`, and the comparisons of the orders' ties (`compare`, `compareTo`, `wordsOf`). */
    ids,
    /** The slot of `id`, if it is in. */
    slotOf: (id: string) => ids.slotOf(id),
    put,
    remove,
    seal,
    /** Calls `grower(next)` before the slots grow to `next`: the index widens its own per-slot arrays there. */
    onGrow: (grower: (next: number) => void) => void growers.push(grower),
    /** Calls `forget(slot)` as a slot dies, before its id leaves. */
    onFree: (forget: (slot: number) => void) => void freers.push(forget),
    postings,
    orders: sortOrders,
    state,
    get isSealed() {
      return isSealed;
    },
    /** How many slots the arrays hold now. */
    get capacity() {
      return capacity;
    },
    /** How many slots were ever taken, living and dead. */
    get used() {
      return used;
    },
    /** How many slots are alive. */
    get live() {
      return live;
    },
    /** The living slots, as bits. */
    get alive() {
      return alive;
    },
    /** How much of the table is slots of documents that left it or changed (a reload makes it whole again). */
    get deadShare() {
      return used === 0 ? 0 : (used - live) / used;
    },
  };
}
