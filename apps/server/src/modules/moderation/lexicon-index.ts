import { arabicLexicon, arabiziLexicon, type LexiconEntry, type LexiconMatch } from './arabic-lexicon.ts';
import { higherTier, type Tier } from './finding.ts';
import { keyFor, type Script } from './tokenise.ts';

export interface IndexedTerm {
  term: string;
  tier: Tier;
  match: LexiconMatch;
}

export interface IndexedPhrase extends IndexedTerm {
  keys: readonly string[];
}

export interface ScriptIndex {
  words: ReadonlyMap<string, IndexedTerm>;
  /** Phrases by the key of their first word. */
  phrases: ReadonlyMap<string, readonly IndexedPhrase[]>;
}

/** "{a|b} c" → ["a c", "b c"] */
export function expandForm(form: string): string[] {
  const group = /\{([^{}]*)\}/u.exec(form);
  if (!group) return [form];
  const before = form.slice(0, group.index);
  const after = form.slice(group.index + group[0].length);
  return (group[1] ?? '').split('|').flatMap((alternative) => expandForm(before + alternative + after));
}

function buildIndex(script: Script, lexicon: readonly LexiconEntry[]): ScriptIndex {
  const words = new Map<string, IndexedTerm>();
  const phrases = new Map<string, IndexedPhrase[]>();
  for (const entry of lexicon) {
    const term: IndexedTerm = { term: entry.gloss, tier: entry.tier, match: entry.match ?? 'word' };
    for (const form of entry.forms.flatMap(expandForm)) {
      const keys = form
        .trim()
        .split(/\s+/u)
        .map((word) => keyFor(script, word));
      const [first] = keys;
      if (first === undefined) continue;
      if (keys.length === 1) {
        const existing = words.get(first);
        if (!existing || higherTier(existing.tier, term.tier) !== existing.tier) words.set(first, term);
      } else {
        const list = phrases.get(first) ?? [];
        list.push({ ...term, keys });
        phrases.set(first, list);
      }
    }
  }
  return { words, phrases };
}

export const lexiconIndex: Readonly<Record<Script, ScriptIndex>> = {
  arabic: buildIndex('arabic', arabicLexicon),
  latin: buildIndex('latin', arabiziLexicon),
};

/** Number of distinct single-word keys and phrases, for the report and tests. */
export function lexiconSize(script: Script): { words: number; phrases: number } {
  const index = lexiconIndex[script];
  let phrases = 0;
  for (const list of index.phrases.values()) phrases += list.length;
  return { words: index.words.size, phrases };
}
