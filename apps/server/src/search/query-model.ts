import type { QueryNode } from './tsquery.ts';

/**
 * Whether a document with these words satisfies the query tree, checked word by word: the model the
 * index tests compare the bit-set evaluation (bit-sets.ts) against.
 */
export function matchesQuery(node: QueryNode, words: readonly string[]): boolean {
  switch (node.kind) {
    case 'word':
      return words.some((word) => (node.prefix ? word.startsWith(node.word) : word === node.word));
    case 'not':
      return !matchesQuery(node.node, words);
    case 'and':
      return node.nodes.every((each) => matchesQuery(each, words));
    case 'or':
      return node.nodes.some((each) => matchesQuery(each, words));
  }
}
