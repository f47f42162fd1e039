import { Joined } from './index-snapshot.ts';
import type { QueryNode } from './tsquery.ts';

/**
 * What the in-memory search indexes (projects and professionals) share: documents live in slots, a
 * token (a word, a filter) maps to the sorted list of slots that have it, and a search is set algebra
 * over bit sets, one bit per slot. A token found in more than one slot in 32 also keeps its bit set.
 */

export interface Posting {
  slots: Uint32Array;
  length: number;
  /** The same slots as bits, kept once a token is in more than one slot in 32. */
  bits: Uint32Array | undefined;
}

export function popcount(word: number) {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export const hasSlot = (bits: Uint32Array, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/**
 * Clears from `bits` the slots outside `sure` that fail `keeps` (those in `sure` are known to pass);
 * answers how many it cleared.
 */
export function checkEach(bits: Uint32Array, sure: Uint32Array | undefined, keeps: (slot: number) => boolean) {
  let cleared = 0;
  for (let index = 0; index < bits.length; index += 1) {
    let word = bits[index]! & ~(sure ? sure[index]! : 0);
    while (word !== 0) {
      const low = word & -word;
      const slot = (index << 5) + 31 - Math.clz32(low);
      if (!keeps(slot)) {
        bits[index]! &= ~low;
        cleared += 1;
      }
      word ^= low;
    }
  }
  return cleared;
}

/**
 * The same for a check of a value, over the words `words` lists (those that may hold a slot): clears
 * from `bits` the slots outside `sure` whose `values` fall outside `low … high`; answers how many it
 * cleared (no call per slot, for the range filters).
 */
export function keepWithin(
  bits: Uint32Array,
  words: Int32Array,
  sure: Uint32Array | undefined,
  values: Float64Array | Int32Array,
  low: number,
  high: number,
) {
  let cleared = 0;
  for (let listed = 0; listed < words.length; listed += 1) {
    const index = words[listed]!;
    let word = bits[index]! & ~(sure ? sure[index]! : 0);
    if (word === 0) continue;
    let failed = 0;
    while (word !== 0) {
      const low32 = word & -word;
      const value = values[(index << 5) + 31 - Math.clz32(low32)]!;
      if (!(value >= low && value <= high)) {
        failed |= low32;
        cleared += 1;
      }
      word ^= low32;
    }
    if (failed !== 0) bits[index]! &= ~failed;
  }
  return cleared;
}

/** A 53-bit hash of a document's words and facets: an edit that changes neither keeps its slot. */
export function tokensHash(words: string[], facets: string[]) {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (const token of [...words, '\u0000', ...facets]) {
    for (let index = 0; index < token.length; index += 1) {
      const code = token.charCodeAt(index);
      low = Math.imul(low ^ code, 0x01000193);
      high = Math.imul(high ^ code, 0x5bd1e995);
    }
    low = Math.imul(low ^ 0x1f, 0x01000193);
  }
  return (high >>> 0) * 2 ** 21 + ((low >>> 0) & 0x1fffff);
}

/** A copy of `array` of `size` elements (a typed array grows by copying). */
export function widen<T extends Float64Array | Int32Array | Uint32Array>(array: T, size: number): T {
  const wider = new (array.constructor as new (size: number) => T)(size);
  wider.set(array);
  return wider;
}

/** `into` = `a` | `b` (over `into`'s words). */
function or(into: Uint32Array, a: Uint32Array, b: Uint32Array) {
  for (let index = 0; index < into.length; index += 1) into[index] = a[index]! | b[index]!;
}

/** `into` = `a` & `b` (over `into`'s words). */
function and(into: Uint32Array, a: Uint32Array, b: Uint32Array) {
  for (let index = 0; index < into.length; index += 1) into[index] = a[index]! & b[index]!;
}

/**
 * `into` = `a` & `b` (over `into`'s words), listing in `words` the index of each word that is not
 * zero; answers how many slots `into` then holds and how many words it listed.
 */
function andCounting(into: Uint32Array, a: Uint32Array, b: Uint32Array, words: Int32Array) {
  let count = 0;
  let listed = 0;
  for (let index = 0; index < into.length; index += 1) {
    const word = a[index]! & b[index]!;
    into[index] = word;
    if (word !== 0) {
      count += popcount(word);
      words[listed++] = index;
    }
  }
  return { count, listed };
}

/** How many of the posting's slots `bits` holds (over `bits`' words), without making a set of them. */
export function countCommon(bits: Uint32Array, posting: Posting) {
  let count = 0;
  if (posting.bits)
    for (let index = 0; index < bits.length; index += 1) {
      const word = bits[index]! & posting.bits[index]!;
      if (word !== 0) count += popcount(word);
    }
  else for (let index = 0; index < posting.length; index += 1) if (hasSlot(bits, posting.slots[index]!)) count += 1;
  return count;
}

/** `into` &= `other`; answers how many slots `into` then holds. */
export function intersectCounting(into: Uint32Array, other: Uint32Array) {
  let count = 0;
  for (let index = 0; index < into.length; index += 1) {
    const word = into[index]! & other[index]!;
    into[index] = word;
    if (word !== 0) count += popcount(word);
  }
  return count;
}

/**
 * Token postings over slots `0 … capacity()`, and the bit sets a search works in. A search is
 * synchronous, so its scratch sets come from a pool that it gives back (`giveBack`) before returning,
 * instead of one allocation per operation.
 */
/**
 * A token → posting map as it stands, to make it again from (index-snapshot.ts): the tokens, each
 * one's slots one after the other, and the bit sets of those that keep one (`dense`, 1 or 0 each).
 */
export interface TokensState {
  tokens: string[];
  lengths: Uint32Array;
  slots: Uint32Array | Joined;
  dense: Uint8Array;
  bits: Uint32Array | Joined;
}

/** `from`: the maps of postings as they stood, which its `tokens()` calls take in turn. */
export function createPostings(capacity: () => number, used: () => number, from?: TokensState[]) {
  const wordCount = () => capacity() >>> 5;
  // The words that hold any slot so far: a scratch set is a view of just those (slots are taken in
  // order, so the words past them are zero in every set), and every pass over one ends there.
  const wordsInUse = () => Math.min(wordCount(), (used() + 31) >>> 5);
  const maps: Map<string, Posting>[] = [];

  /** A new token → posting map, whose bit sets grow with the slots (the next of `from`'s, when given). */
  function tokens() {
    const map = new Map<string, Posting>();
    const state = from?.[maps.length];
    if (state) {
      const slots = state.slots as Uint32Array;
      const bits = state.bits as Uint32Array;
      const words = wordCount();
      let at = 0;
      let bitsAt = 0;
      state.tokens.forEach((token, index) => {
        const length = state.lengths[index]!;
        const posting: Posting = { slots: slots.subarray(at, at + length), length, bits: undefined };
        at += length;
        if (state.dense[index] === 1) {
          posting.bits = bits.subarray(bitsAt, bitsAt + words);
          bitsAt += words;
        }
        map.set(token, posting);
      });
    }
    maps.push(map);
    return map;
  }

  /** Each map as it stands: views of its own arrays, to be written before they change. */
  function state(): TokensState[] {
    return maps.map((map) => {
      const lengths = new Uint32Array(map.size);
      const dense = new Uint8Array(map.size);
      const slots: Uint32Array[] = [];
      const bits: Uint32Array[] = [];
      let index = 0;
      for (const posting of map.values()) {
        lengths[index] = posting.length;
        slots.push(posting.slots.subarray(0, posting.length));
        if (posting.bits) {
          dense[index] = 1;
          bits.push(posting.bits);
        }
        index += 1;
      }
      return { tokens: [...map.keys()], lengths, slots: new Joined(slots), dense, bits: new Joined(bits) };
    });
  }

  function post(postings: Map<string, Posting>, token: string, slot: number) {
    let posting = postings.get(token);
    if (!posting) {
      posting = { slots: new Uint32Array(4), length: 0, bits: undefined };
      postings.set(token, posting);
    }
    if (posting.length === posting.slots.length) posting.slots = widen(posting.slots, Math.max(4, posting.slots.length * 2));
    posting.slots[posting.length] = slot;
    posting.length += 1;
    if (posting.bits) posting.bits[slot >>> 5]! |= 1 << (slot & 31);
    else if (posting.length * 32 > capacity()) {
      posting.bits = new Uint32Array(wordCount());
      for (let index = 0; index < posting.length; index += 1) {
        const each = posting.slots[index]!;
        posting.bits[each >>> 5]! |= 1 << (each & 31);
      }
    }
  }

  /** Widens every kept bit set to `next` slots (call before the capacity becomes `next`). */
  function grow(next: number) {
    for (const map of maps) for (const posting of map.values()) if (posting.bits) posting.bits = widen(posting.bits, next >>> 5);
  }

  const pool: Uint32Array[] = [];
  let lent: Uint32Array[] = [];
  /** How many slots each set holds (at most), for intersecting the sparsest first. */
  const ones = new WeakMap<Uint32Array, number>();

  // The words that hold the last intersection's matches (a search reads them before the next one).
  let listing = new Int32Array(0);

  function scratch(fill?: Uint32Array, clear = true) {
    let whole = pool.pop();
    if (!whole || whole.length !== wordCount()) whole = new Uint32Array(wordCount());
    lent.push(whole);
    const bits = whole.subarray(0, wordsInUse());
    if (fill) bits.set(fill.subarray(0, bits.length));
    else if (clear) bits.fill(0);
    return bits;
  }
  function giveBack() {
    for (const bits of lent) if (bits.length === wordCount() && pool.length < 16) pool.push(bits);
    lent = [];
  }

  /** The token's slots as bits (dead slots included: the caller keeps only the living). */
  function bitsOf(postings: Map<string, Posting>, token: string): Uint32Array | undefined {
    const posting = postings.get(token);
    if (!posting) return undefined;
    if (posting.bits) {
      ones.set(posting.bits, posting.length);
      return posting.bits;
    }
    const bits = scratch();
    ones.set(bits, posting.length);
    for (let index = 0; index < posting.length; index += 1) {
      const slot = posting.slots[index]!;
      bits[slot >>> 5]! |= 1 << (slot & 31);
    }
    return bits;
  }

  /** The slots of any of the tokens, as bits (undefined when none of them has a slot). */
  function anyBits(postings: Map<string, Posting>, tokens: Iterable<string>): Uint32Array | undefined {
    let bits: Uint32Array | undefined;
    let count = 0;
    for (const token of tokens) {
      const posting = postings.get(token);
      if (!posting) continue;
      bits ??= scratch();
      count += posting.length;
      if (posting.bits) for (let index = 0; index < bits.length; index += 1) bits[index]! |= posting.bits[index]!;
      else
        for (let index = 0; index < posting.length; index += 1) {
          const slot = posting.slots[index]!;
          bits[slot >>> 5]! |= 1 << (slot & 31);
        }
    }
    if (bits) ones.set(bits, count);
    return bits;
  }

  /** The slots of every word that `prefix` begins, as bits (undefined when there is none). */
  const prefixBits = (words: Map<string, Posting>, prefix: string) =>
    anyBits(
      words,
      [...words.keys()].filter((word) => word.startsWith(prefix)),
    );

  /**
   * The slots whose words satisfy the query tree, dead slots included: a word's bits are read where
   * they are (never written), and only the results of operators are scratch sets.
   */
  function evaluate(node: QueryNode, words: Map<string, Posting>, alive: Uint32Array): Uint32Array | undefined {
    switch (node.kind) {
      case 'word':
        return node.prefix ? prefixBits(words, node.word) : bitsOf(words, node.word);
      case 'not': {
        const inner = evaluate(node.node, words, alive);
        const bits = scratch(alive);
        if (inner) for (let index = 0; index < bits.length; index += 1) bits[index]! &= ~inner[index]!;
        return bits;
      }
      case 'and': {
        // The first two in one pass into a scratch set, each further one in one more.
        let first: Uint32Array | undefined;
        let bits: Uint32Array | undefined;
        for (const each of node.nodes) {
          const other = evaluate(each, words, alive);
          if (!other) return undefined;
          if (!first) first = other;
          else if (!bits) and((bits = scratch(undefined, false)), first, other);
          else and(bits, bits, other);
        }
        return bits ?? first;
      }
      case 'or': {
        let first: Uint32Array | undefined;
        let bits: Uint32Array | undefined;
        for (const each of node.nodes) {
          const other = evaluate(each, words, alive);
          if (!other) continue;
          if (!first) first = other;
          else if (!bits) or((bits = scratch(undefined, false)), first, other);
          else or(bits, bits, other);
        }
        return bits ?? first;
      }
    }
  }

  /**
   * The sets a search's matches must each be in: the words of its text (each word of a query that
   * asks for all of them on its own, so that they are intersected in one pass) and each filter token.
   * `isEmpty`: one of them has no slot (or the text has no words), so nothing matches.
   */
  function requiredSets(
    text: { query: QueryNode | undefined; hasText: boolean },
    facetTokens: readonly string[],
    words: Map<string, Posting>,
    facets: Map<string, Posting>,
    alive: Uint32Array,
  ) {
    const sets: Uint32Array[] = [];
    let isEmpty = false;
    const require = (bits: Uint32Array | undefined) => {
      if (bits) sets.push(bits);
      else isEmpty = true;
    };
    if (text.hasText) {
      const { query } = text;
      if (query?.kind === 'and') for (const node of query.nodes) require(evaluate(node, words, alive));
      else require(query && evaluate(query, words, alive));
    }
    for (const facet of facetTokens) require(bitsOf(facets, facet));
    return { sets, isEmpty };
  }

  /**
   * The slots in every one of `sets` and in `alive`, as a scratch set, and how many there are
   * (`isEmpty`: one of the required sets was empty). The sparsest are intersected first: a word that
   * is zero there needs no other read; the living last (nearly all ones).
   */
  function intersectAll(sets: Uint32Array[], alive: Uint32Array, isEmpty: boolean) {
    const all = [...sets].sort((a, b) => (ones.get(a) ?? Number.POSITIVE_INFINITY) - (ones.get(b) ?? Number.POSITIVE_INFINITY));
    all.push(alive);
    const bits = scratch(undefined, false);
    if (listing.length !== wordCount()) listing = new Int32Array(wordCount());
    if (isEmpty) {
      bits.fill(0);
      return { bits, count: 0, words: listing.subarray(0, 0) };
    }
    // Two at a time, the sparsest first (the living alone when nothing else is asked); counted in the last pass.
    if (all.length > 2) {
      and(bits, all[0]!, all[1]!);
      for (let source = 2; source < all.length - 1; source += 1) and(bits, bits, all[source]!);
    }
    const { count, listed } = andCounting(bits, all.length > 2 ? bits : all[0]!, all.at(-1)!, listing);
    return { bits, count, words: listing.subarray(0, listed) };
  }

  /** Bytes held by the postings and by their bit sets, to say where memory goes. */
  function memory() {
    let postingBytes = 0;
    let bitBytes = 0;
    for (const map of maps)
      for (const posting of map.values()) {
        postingBytes += posting.slots.byteLength;
        bitBytes += posting.bits?.byteLength ?? 0;
      }
    return { tokens: maps.reduce((sum, map) => sum + map.size, 0), posting_bytes: postingBytes, dense_bytes: bitBytes };
  }

  return { tokens, post, grow, scratch, giveBack, bitsOf, anyBits, requiredSets, intersectAll, memory, state };
}
