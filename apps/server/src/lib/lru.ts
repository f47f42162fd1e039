/**
 * A map that keeps at most `maxEntries`, dropping the least recently used. A Map iterates in insertion
 * order, so re-inserting an entry on use keeps the least recently used first.
 */
export function createLru<K, V>(maxEntries: number) {
  const entries = new Map<K, V>();
  return {
    /** The entry, without counting as a use. */
    peek: (key: K) => entries.get(key),
    has: (key: K) => entries.has(key),
    /** Stores the entry as the most recently used (also what a use of a kept entry does). */
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    delete: (key: K) => entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
