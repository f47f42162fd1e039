/**
 * PostgreSQL's text form of a tsquery ("'logo' & !'print' | 'brand'"), parsed into a tree that the
 * in-memory search indexes evaluate. PostgreSQL makes the query (websearch_to_tsquery, with its
 * stemmers); this only reads what it printed. Phrases ('<->', '<N>') ask for all their words: the
 * indexes keep words without positions. A word marked `:*` matches every word it begins (`prefix`).
 */
export type QueryNode =
  { kind: 'word'; word: string; prefix?: true } | { kind: 'not'; node: QueryNode } | { kind: 'and' | 'or'; nodes: QueryNode[] };

/** The tree of a tsquery's text; undefined for the empty query, which matches nothing. */
export function parseTsquery(text: string): QueryNode | undefined {
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at += 1;
  };
  const fail = (what: string): never => {
    throw new Error(`unexpected ${what} at ${at} in tsquery ${JSON.stringify(text)}`);
  };

  function word(): QueryNode {
    // 'lexeme' with '' for a quote inside, then perhaps :* (a prefix) or weights, which are ignored.
    at += 1;
    let value = '';
    for (;;) {
      const quote = text.indexOf("'", at);
      if (quote < 0) fail('end of a word');
      value += text.slice(at, quote);
      at = quote + 1;
      if (text[at] === "'") {
        value += "'";
        at += 1;
      } else break;
    }
    let prefix = false;
    if (text[at] === ':') {
      at += 1;
      for (; /[*A-Da-d]/.test(text[at] ?? ''); at += 1) if (text[at] === '*') prefix = true;
    }
    const word = value.replaceAll('\\\\', '\\');
    return prefix ? { kind: 'word', word, prefix: true } : { kind: 'word', word };
  }

  function unary(): QueryNode {
    skipSpaces();
    const next = text[at];
    if (next === '!') {
      at += 1;
      return { kind: 'not', node: unary() };
    }
    if (next === '(') {
      at += 1;
      const node = or();
      skipSpaces();
      if (text[at] !== ')') fail('missing )');
      at += 1;
      return node;
    }
    if (next === "'") return word();
    return fail(next === undefined ? 'end' : JSON.stringify(next));
  }

  function phrase(): QueryNode {
    const nodes = [unary()];
    for (;;) {
      skipSpaces();
      const operator = /^<(-|\d+)>/.exec(text.slice(at));
      if (!operator) break;
      at += operator[0].length;
      nodes.push(unary());
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
  }

  // The same operand twice says nothing more: English and Arabic often read a text alike, and the
  // search asks for either ('design' | 'design'), which is read as one.
  function sequence(kind: 'and' | 'or', operator: string, operand: () => QueryNode): QueryNode {
    const nodes = new Map<string, QueryNode>();
    const add = (node: QueryNode) => nodes.set(JSON.stringify(node), node);
    add(operand());
    for (;;) {
      skipSpaces();
      if (text[at] !== operator) break;
      at += 1;
      add(operand());
    }
    return nodes.size === 1 ? [...nodes.values()][0]! : { kind, nodes: [...nodes.values()] };
  }

  const and = () => sequence('and', '&', phrase);
  const or = (): QueryNode => sequence('or', '|', and);

  skipSpaces();
  if (at === text.length) return undefined;
  const tree = or();
  skipSpaces();
  if (at !== text.length) fail('text');
  return tree;
}
