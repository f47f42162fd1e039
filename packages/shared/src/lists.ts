/**
 * What people type between the items of a list: the comma, and on an Arabic keyboard the Arabic comma
 * "،" (where "," is on an English one) and the Arabic semicolon "؛". Migration 0035 splits stored lists
 * at the same two Arabic marks.
 */
export const LIST_SEPARATOR = /[,\u060C\u061B]/u;

// Spaces, and the direction marks an Arabic keyboard puts around a Latin word (RLM, LRM, ALM).
const ITEM_EDGES = /^[\s\u200E\u200F\u061C]+|[\s\u200E\u200F\u061C]+$/gu;

/** An item without the spaces and direction marks around it. */
export const trimListItem = (item: string) => item.replace(ITEM_EDGES, '');

/** "TypeScript، Node.js ,, React" → ['TypeScript', 'Node.js', 'React']: split, trimmed, empty items dropped. */
export function splitList(text: string): string[] {
  return text.split(LIST_SEPARATOR).map(trimListItem).filter(Boolean);
}
