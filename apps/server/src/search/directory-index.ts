import { checkEach, keepWithin, tokensHash, widen } from './bit-sets.ts';
import { createSlotTable } from './slot-table.ts';
import type { PagePlan } from './sort-orders.ts';

/**
 * A directory the admin console lists and searches (users, projects), in memory: each entry's text,
 * filter tokens, creation time and an optional range (a project's budget). A search finds a part of
 * the text anywhere in it ("mansoor" in "Al Mansoori", ".12345@" in an e-mail address), counts every
 * match exactly and pages them by creation time, at a million entries in a few milliseconds, so the
 * console never waits on a substring scan of the whole table.
 *
 * The text is held as words (split at spaces, after `directoryText`), each entry's in order. A part
 * without a space lies within one word: the words that contain it are found in the vocabulary (one
 * string scan, not one test per entry), and their entries are the matches. A part with spaces
 * ("al mans") needs a word ending with its first piece, then its whole middle pieces, then a word
 * starting with its last piece, one after another: the entries with all of those are checked in order.
 */

export interface DirectoryEntry {
  id: string;
  /** Microseconds since the epoch. */
  createdUs: number;
  /** What a search finds a part of (`directoryText` applies to it). */
  text: string;
  /** Tokens a search can require, `state:open` for example. */
  facets: string[];
  /** A range a search can ask to meet (a project's budget, in US cents). */
  range?: { low: number; high: number };
}

export interface DirectorySearch {
  /** A part of the text to find (`directoryText` applies to it); none: every entry. */
  term: string | undefined;
  /** Tokens an entry must all have. */
  facets: string[];
  /** Keeps the entries whose range meets this one (either end may be open). */
  meets?: { low?: number; high?: number };
  newestFirst: boolean;
  skip: number;
  limit: number;
}

export interface DirectoryAnswer {
  total: number;
  ids: string[];
}

/**
 * Lower case, and one space wherever there are spaces: what an entry's text and a search term are
 * compared as. The stored texts were lower-cased by PostgreSQL, which folds two letters otherwise than
 * JavaScript does: a final sigma and a capital dotted I are folded alike here, whoever lower-cased them.
 */
export const directoryText = (text: string) =>
  text.toLowerCase().replaceAll('ς', 'σ').replaceAll('i\u0307', 'i').replace(/\s+/gu, ' ').trim();

/**
 * Every distinct word, numbered in the order first seen, and two ways to find the words a part is in.
 * A part of three letters or more is looked up by its trigrams: each word is listed under every three
 * letters it has (with a newline marking its start and end, so that "\nla" finds the words starting
 * with "la"), and the words under the part's rarest trigram are tested, a few among hundreds of
 * thousands. A shorter part is found in one string of every word (each after a newline, which no word
 * contains); words seen since that string was made are tested one by one until there are enough of
 * them to make it again.
 */
function createVocabulary() {
  const words: string[] = [];
  const numbers = new Map<string, number>();
  /** A trigram (three UTF-16 units, as one number) → the numbers of the words that have it, ascending. */
  const trigrams = new Map<number, { numbers: Uint32Array; length: number }>();
  let trigramEntries = 0;
  let joined = '\n';
  /** Where each joined word begins in `joined`, and one past the end. */
  let starts = new Int32Array(1024);
  let joinedCount = 0;

  const trigramAt = (text: string, at: number) =>
    text.charCodeAt(at) * 4_294_967_296 + text.charCodeAt(at + 1) * 65_536 + text.charCodeAt(at + 2);

  function list(word: string, number: number) {
    const marked = `\n${word}\n`;
    const seen = new Set<number>();
    for (let at = 0; at + 3 <= marked.length; at += 1) {
      const trigram = trigramAt(marked, at);
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      let listed = trigrams.get(trigram);
      if (!listed) trigrams.set(trigram, (listed = { numbers: new Uint32Array(2), length: 0 }));
      if (listed.length === listed.numbers.length) listed.numbers = widen(listed.numbers, listed.length * 2);
      listed.numbers[listed.length] = number;
      listed.length += 1;
      trigramEntries += 1;
    }
  }

  function rejoin() {
    joined = `\n${words.join('\n')}\n`;
    if (starts.length < words.length + 1) starts = new Int32Array(2 ** Math.ceil(Math.log2(words.length + 1)));
    let at = 1;
    words.forEach((word, number) => {
      starts[number] = at;
      at += word.length + 1;
    });
    starts[words.length] = at;
    joinedCount = words.length;
  }

  /** The words in which `part` is found: anywhere, at the start, at the end, or as the whole word. */
  function find(part: string, where: 'anywhere' | 'start' | 'end' | 'whole'): string[] {
    if (where === 'whole') return numbers.has(part) ? [part] : [];
    const test =
      where === 'start'
        ? (word: string) => word.startsWith(part)
        : where === 'end'
          ? (word: string) => word.endsWith(part)
          : (word: string) => word.includes(part);
    // A newline before the part finds it at a word's start, one after it at a word's end.
    const needle = where === 'start' ? `\n${part}` : where === 'end' ? `${part}\n` : part;
    const found: string[] = [];
    if (needle.length >= 3) {
      let rarest: { numbers: Uint32Array; length: number } | undefined;
      for (let at = 0; at + 3 <= needle.length; at += 1) {
        const listed = trigrams.get(trigramAt(needle, at));
        if (!listed) return [];
        if (!rarest || listed.length < rarest.length) rarest = listed;
      }
      for (let index = 0; index < rarest!.length; index += 1) {
        const word = words[rarest!.numbers[index]!]!;
        if (test(word)) found.push(word);
      }
      return found;
    }
    if (words.length - joinedCount > Math.max(1024, joinedCount >>> 3)) rejoin();
    const offset = where === 'start' ? 1 : 0;
    let number = 0;
    for (let at = joined.indexOf(needle); at >= 0 && number < joinedCount;) {
      while (starts[number + 1]! <= at + offset) number += 1;
      found.push(words[number]!);
      at = joined.indexOf(needle, starts[number + 1]! - offset);
    }
    for (let number = joinedCount; number < words.length; number += 1) if (test(words[number]!)) found.push(words[number]!);
    return found;
  }

  return {
    /** The word's number, given it the first time it is seen. */
    numberOf(word: string) {
      let number = numbers.get(word);
      if (number === undefined) {
        number = words.length;
        words.push(word);
        numbers.set(word, number);
        list(word, number);
      }
      return number;
    },
    /** Its number, if it was ever seen. */
    has: (word: string) => numbers.get(word),
    wordOf: (number: number) => words[number]!,
    find,
    get size() {
      return words.length;
    },
    get bytes() {
      return joined.length * 2 + starts.byteLength + trigramEntries * 4;
    },
  };
}

/**
 * `sealed: false` makes an index for loading: entries go in without being placed in the order, which
 * `seal()` then sorts once. `plan`: how pages are read (tests make each way run; otherwise the cheaper).
 */
export function createDirectoryIndex({ plan = 'cheaper', sealed = true }: { plan?: PagePlan; sealed?: boolean } = {}) {
  // An entry lives in a slot (slot-table.ts); an entry whose words changed takes a new one. Facets (a
  // project's state, which changes at every step of its life) are bit sets changed in place.
  const slots = createSlotTable({ sealed, hashes: true });
  const { ids } = slots;
  let created = new Float64Array(slots.capacity);
  let rangeLow = new Float64Array(slots.capacity);
  let rangeHigh = new Float64Array(slots.capacity);
  // Each slot's words in order, by number, in one pool: where they begin and how many.
  let wordsAt = new Uint32Array(slots.capacity);
  let wordCounts = new Uint16Array(slots.capacity);
  let pool = new Uint32Array(8 * slots.capacity);
  let pooled = 0;
  const vocabulary = createVocabulary();
  const postings = slots.postings();
  const words = postings.tokens();
  const facets = new Map<string, Uint32Array>();

  /** Oldest first, then by id: read backwards for newest first. */
  const compareSlots = (_: 'created', a: number, b: number) => created[a]! - created[b]! || ids.compare(a, b);
  const orders = slots.orders(['created'], compareSlots);

  slots.onGrow((next) => {
    created = widen(created, next);
    rangeLow = widen(rangeLow, next);
    rangeHigh = widen(rangeHigh, next);
    wordsAt = widen(wordsAt, next);
    const counts = new Uint16Array(next);
    counts.set(wordCounts);
    wordCounts = counts;
    for (const [facet, bits] of facets) facets.set(facet, widen(bits, next >>> 5));
  });

  function setAttributes(slot: number, entry: DirectoryEntry) {
    created[slot] = entry.createdUs;
    rangeLow[slot] = entry.range?.low ?? Number.NaN;
    rangeHigh[slot] = entry.range?.high ?? Number.NaN;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (const bits of facets.values()) bits[word]! &= ~bit;
    for (const facet of entry.facets) {
      let bits = facets.get(facet);
      if (!bits) facets.set(facet, (bits = new Uint32Array(slots.capacity >>> 5)));
      bits[word]! |= bit;
    }
  }

  /** Adds the entry, or brings it up to date (with the same words, in its slot: it moves in the order if its time changed). */
  function upsert(entry: DirectoryEntry) {
    const text = directoryText(entry.text);
    const entryWords = text === '' ? [] : text.split(' ').slice(0, 0xffff);
    slots.put(
      entry.id,
      (slot, isNew) => {
        setAttributes(slot, entry);
        if (!isNew) return;
        if (pooled + entryWords.length > pool.length) pool = widen(pool, Math.max(pool.length * 2, pooled + entryWords.length));
        wordsAt[slot] = pooled;
        wordCounts[slot] = entryWords.length;
        for (const word of entryWords) pool[pooled++] = vocabulary.numberOf(word);
        for (const word of new Set(entryWords)) postings.post(words, word, slot);
      },
      tokensHash(entryWords, []),
    );
  }

  /** The slot's text as words, one space apart. */
  function textOf(slot: number) {
    const first = wordsAt[slot]!;
    return Array.from(pool.subarray(first, first + wordCounts[slot]!), (number) => vocabulary.wordOf(number)).join(' ');
  }

  /** Takes the entry out; one that is not in is ignored. */
  function remove(id: string) {
    slots.remove(id);
  }

  /**
   * The sets a match of the term must be in, and, for a term with spaces, the test of a slot's words
   * in order: a word ending with the first piece, the middle pieces whole, a word starting with the last.
   */
  function termSets(term: string) {
    const pieces = term.split(' ');
    if (pieces.length === 1) return { sets: [postings.anyBits(words, vocabulary.find(term, 'anywhere'))], follows: undefined };
    const candidates = pieces.map((piece, index) =>
      vocabulary.find(piece, index === 0 ? 'end' : index === pieces.length - 1 ? 'start' : 'whole'),
    );
    const sets = candidates.map((found) => postings.anyBits(words, found));
    if (pieces.length > 32) return { sets, follows: (slot: number) => textOf(slot).includes(term) };
    // Which pieces each word may stand for, as bits by word number.
    const marks = new Uint32Array(vocabulary.size);
    candidates.forEach((found, piece) => {
      for (const word of found) marks[vocabulary.has(word)!]! |= 1 << piece;
    });
    const follows = (slot: number) => {
      const first = wordsAt[slot]!;
      const last = first + wordCounts[slot]! - pieces.length;
      for (let at = first; at <= last; at += 1) {
        let piece = 0;
        while (piece < pieces.length && (marks[pool[at + piece]!]! & (1 << piece)) !== 0) piece += 1;
        if (piece === pieces.length) return true;
      }
      return false;
    };
    return { sets, follows };
  }

  /** The matches counted, and a page of them by creation time. */
  function search(search: DirectorySearch): DirectoryAnswer {
    if (!slots.isSealed) throw new Error('directory index: seal() it after loading');
    try {
      const term = search.term === undefined ? '' : directoryText(search.term);
      const { sets, follows } = term === '' ? { sets: [], follows: undefined } : termSets(term);
      for (const facet of search.facets) sets.push(facets.get(facet));
      const isEmpty = sets.some((bits) => bits === undefined);
      const { bits, count, words: listed } = postings.intersectAll(isEmpty ? [] : (sets as Uint32Array[]), slots.alive, isEmpty);
      let total = count;
      if (follows) total -= checkEach(bits, undefined, follows);
      const { low, high } = search.meets ?? {};
      if (low !== undefined) total -= keepWithin(bits, listed, undefined, rangeHigh, low, Number.POSITIVE_INFINITY);
      if (high !== undefined) total -= keepWithin(bits, listed, undefined, rangeLow, Number.NEGATIVE_INFINITY, high);
      const page = orders.page('created', {
        bits,
        total,
        live: slots.live,
        skip: search.skip,
        count: search.limit,
        plan,
        backward: search.newestFirst,
      });
      return { total, ids: page.map((slot) => ids.idOf(slot)) };
    } finally {
      postings.giveBack();
    }
  }

  return {
    upsert,
    remove,
    /** Sorts the order of a loading index once; from then on each change moves its entry in it. */
    seal: slots.seal,
    search,
    get size() {
      return slots.live;
    },
    /** How much of the index is slots of entries that left it or changed (a reload makes it whole again). */
    get deadShare() {
      return slots.deadShare;
    },
    /** Roughly how many bytes it holds, by part, to say where memory goes. */
    memory() {
      return {
        entries: slots.live,
        slots: slots.used,
        words: vocabulary.size,
        ...postings.memory(),
        facet_bytes: facets.size * (slots.capacity >>> 3),
        vocabulary_bytes: vocabulary.bytes,
        word_pool_bytes: pool.byteLength,
        slot_bytes: ids.bytes + created.byteLength * 4 + wordsAt.byteLength + wordCounts.byteLength + slots.alive.byteLength,
        order_bytes: slots.capacity * 4,
      };
    },
  };
}

export type DirectoryIndex = ReturnType<typeof createDirectoryIndex>;
