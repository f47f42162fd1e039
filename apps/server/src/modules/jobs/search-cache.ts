import { createLru } from '../../lib/lru.ts';

/**
 * Answers to recent searches, kept while they are still true. Every answer is stored with the version
 * it was computed at (the search index's generation, which every committed change to a job but a view
 * raises: search/live-index.ts) and the moment it stops being true on its own (a featured period ends). A
 * lookup serves an answer only while the version is unchanged, between the moment it was computed and
 * the moment it ends; view counts, the one figure that changes without raising the version, are at
 * most `maxAgeMs` old. Concurrent misses for the same search share one computation.
 */
export interface SearchCacheOptions {
  maxEntries: number;
  maxAgeMs: number;
}

interface Entry<T> {
  version: number;
  computedAt: number;
  validUntil: number;
  value: T;
}

export interface Computed<T> {
  value: T;
  /** When the answer stops being true without any change to jobs (ms since the epoch). */
  validUntil: number;
}

export function createSearchCache<T>({ maxEntries, maxAgeMs }: SearchCacheOptions) {
  const entries = createLru<string, Entry<T>>(maxEntries);
  const pending = new Map<string, Promise<T>>();
  // How lookups were answered: from a kept answer, by joining a computation under way, or by computing.
  const counts = { hits: 0, joined: 0, computed: 0 };

  function remember(key: string, entry: Entry<T>) {
    const current = entries.peek(key);
    if (current && current.version > entry.version) return;
    entries.set(key, entry);
  }

  return {
    /** The answer for `key` at `version`: from the cache when still true at `now`, else `compute()`'s. */
    async get(key: string, version: number, now: number, compute: () => Promise<Computed<T>>): Promise<T> {
      const entry = entries.peek(key);
      if (entry && entry.version === version && entry.computedAt <= now && now < entry.validUntil) {
        entries.set(key, entry);
        counts.hits += 1;
        return entry.value;
      }
      const flightKey = `${version}\n${key}`;
      const inFlight = pending.get(flightKey);
      if (inFlight) {
        counts.joined += 1;
        return inFlight;
      }
      counts.computed += 1;
      const computation = compute()
        .then(({ value, validUntil }) => {
          remember(key, { version, computedAt: now, validUntil: Math.min(validUntil, now + maxAgeMs), value });
          return value;
        })
        .finally(() => pending.delete(flightKey));
      pending.set(flightKey, computation);
      return computation;
    },

    get size() {
      return entries.size;
    },

    /** How its lookups have been answered since it was made. */
    stats: () => ({ ...counts, entries: entries.size }),
  };
}

export type SearchCache<T> = ReturnType<typeof createSearchCache<T>>;
