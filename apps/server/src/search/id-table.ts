/**
 * Job ids (UUIDs) by slot, as four 32-bit words each, and the slot of an id through an open-addressing
 * hash table: a million ids in about 28 MB of typed arrays, which the garbage collector never walks
 * (a million strings in an array and a Map made its full collections long pauses under load).
 * Words compare in the same order as PostgreSQL compares uuids.
 */
const hexOfByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const hexOfHalf = (half: number) => hexOfByte[half >>> 8]! + hexOfByte[half & 0xff]!;
const hexOfWord = (word: number) => hexOfHalf(word >>> 16) + hexOfHalf(word & 0xffff);

/** A table as it stands (`state()`), to make it again from (index-snapshot.ts). */
export interface IdTableState {
  words: Uint32Array;
  table: Int32Array;
  filled: number;
  live: number;
}

export function createIdTable(from?: IdTableState) {
  let words = from?.words ?? new Uint32Array(4 * 1024);
  /** Slot + 1 per entry; 0 is empty, -1 a removed entry that probes pass over. */
  let table = from?.table ?? new Int32Array(2048);
  let filled = from?.filled ?? 0;
  let live = from?.live ?? 0;
  const probe = new Uint32Array(4);

  function parse(id: string, into: Uint32Array, at: number) {
    const hex = id.replaceAll('-', '');
    for (let index = 0; index < 4; index += 1) into[at + index] = Number.parseInt(hex.slice(index * 8, index * 8 + 8), 16);
  }

  const hashOf = (source: Uint32Array, at: number) =>
    Math.imul(source[at + 3]! ^ Math.imul(source[at + 1]!, 0x85ebca6b) ^ (source[at]! >>> 3), 0x9e3779b1) >>> 0;

  const sameId = (slot: number, source: Uint32Array, at: number) =>
    words[slot * 4] === source[at] &&
    words[slot * 4 + 1] === source[at + 1] &&
    words[slot * 4 + 2] === source[at + 2] &&
    words[slot * 4 + 3] === source[at + 3];

  /** The table position holding `source[at..at+4]`, or -1. */
  function find(source: Uint32Array, at: number) {
    const mask = table.length - 1;
    for (let position = hashOf(source, at) & mask; ; position = (position + 1) & mask) {
      const entry = table[position]!;
      if (entry === 0) return -1;
      if (entry > 0 && sameId(entry - 1, source, at)) return position;
    }
  }

  function place(slot: number) {
    const mask = table.length - 1;
    let position = hashOf(words, slot * 4) & mask;
    while (table[position]! > 0) position = (position + 1) & mask;
    if (table[position] === 0) filled += 1;
    table[position] = slot + 1;
  }

  function rebuild(size: number) {
    const old = table;
    table = new Int32Array(size);
    filled = 0;
    for (const entry of old) if (entry > 0) place(entry - 1);
  }

  return {
    /** Gives `slot` the id `id` and makes the id find it. */
    add(slot: number, id: string) {
      if ((slot + 1) * 4 > words.length) {
        const wider = new Uint32Array(Math.max(words.length * 2, (slot + 1) * 4));
        wider.set(words);
        words = wider;
      }
      parse(id, words, slot * 4);
      if ((filled + 1) * 2 > table.length) rebuild(Math.max(table.length, 2 ** Math.ceil(Math.log2((live + 1) * 4))));
      place(slot);
      live += 1;
    },
    /** The slot of `id`, if it has one. */
    slotOf(id: string): number | undefined {
      parse(id, probe, 0);
      const position = find(probe, 0);
      return position < 0 ? undefined : table[position]! - 1;
    },
    /** Stops the slot's id finding it. */
    remove(slot: number) {
      const position = find(words, slot * 4);
      if (position < 0) return;
      table[position] = -1;
      live -= 1;
    },
    idOf(slot: number) {
      const at = slot * 4;
      const [first, second, third, fourth] = [words[at]!, words[at + 1]!, words[at + 2]!, words[at + 3]!];
      return `${hexOfWord(first)}-${hexOfHalf(second >>> 16)}-${hexOfHalf(second & 0xffff)}-${hexOfHalf(third >>> 16)}-${hexOfHalf(third & 0xffff)}${hexOfWord(fourth)}`;
    },
    /** An id's words, to compare slots against (`compareTo`). */
    wordsOf(id: string) {
      const into = new Uint32Array(4);
      parse(id, into, 0);
      return into;
    },
    /** Negative when slot `a`'s id is below slot `b`'s. */
    compare(a: number, b: number) {
      for (let index = 0; index < 4; index += 1) {
        const difference = words[a * 4 + index]! - words[b * 4 + index]!;
        if (difference !== 0) return difference;
      }
      return 0;
    },
    /** Negative when the slot's id is below the id whose words are `other`. */
    compareTo(slot: number, other: Uint32Array) {
      for (let index = 0; index < 4; index += 1) {
        const difference = words[slot * 4 + index]! - other[index]!;
        if (difference !== 0) return difference;
      }
      return 0;
    },
    get bytes() {
      return words.byteLength + table.byteLength;
    },
    /** The table as it stands: its own arrays, to be written before it changes. */
    state: (): IdTableState => ({ words, table, filled, live }),
  };
}
