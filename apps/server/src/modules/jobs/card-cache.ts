import { createLru } from '../../lib/lru.ts';

/**
 * Recently shown job cards by id, so a search reads from the database only the jobs of its page that
 * no recent search showed. The search index says which jobs changed (job_changes), and their cards are
 * forgotten then; view counts change without a change being recorded, so a card is kept at most
 * `maxAgeMs` (search cards may show a view count that old, as the answer cache's may).
 */
export function createCardCache<T>({ maxEntries, maxAgeMs }: { maxEntries: number; maxAgeMs: number }) {
  const entries = createLru<string, { card: T; readAt: number }>(maxEntries);
  return {
    /** The cards still fresh at `now`, and the ids to read. */
    take(ids: string[], now: number) {
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const id of ids) {
        const entry = entries.peek(id);
        if (entry && now - entry.readAt < maxAgeMs && entry.readAt <= now) {
          entries.set(id, entry);
          found.set(id, entry.card);
        } else missing.push(id);
      }
      return { found, missing };
    },
    /** Cards read at `readAt`. Call `forget` for changes applied since: a card read before a change is not put. */
    put(cards: Iterable<[string, T]>, readAt: number) {
      for (const [id, card] of cards) entries.set(id, { card, readAt });
    },
    forget(ids: Iterable<string> | 'all') {
      if (ids === 'all') entries.clear();
      else for (const id of ids) entries.delete(id);
    },
    get size() {
      return entries.size;
    },
  };
}
