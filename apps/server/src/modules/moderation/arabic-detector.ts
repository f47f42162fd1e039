import type { LexiconMatch } from './arabic-lexicon.ts';
import { englishTierOf } from './english-detector.ts';
import { higherTier, type Finding } from './finding.ts';
import { lexiconIndex, type IndexedTerm } from './lexicon-index.ts';
import { joinSplitWords, tokenise, type Script, type Token } from './tokenise.ts';

interface AffixRule {
  prefixes: readonly string[];
  suffixes: readonly string[];
}

type RuleName = Exclude<LexiconMatch, 'word'> | 'long' | 'medium' | 'short';

// Keys are normalised (ة is ه, أ is ا); لل is ل + ال.
const affixRules: Record<Script, Record<RuleName, AffixRule>> = {
  arabic: {
    long: {
      prefixes: ['', 'و', 'ف', 'ب', 'ل', 'ك', 'ال', 'وال', 'فال', 'بال', 'كال', 'لل', 'يا', 'ويا'],
      suffixes: ['', 'ك', 'ه', 'ها', 'هم', 'كم', 'ين', 'ات', 'ي'],
    },
    // ب + لوطي is بلوطي, "oaken": four-letter words take only the conjunctions as one-letter prefixes.
    medium: {
      prefixes: ['', 'و', 'ف', 'ال', 'وال', 'فال', 'بال', 'يا', 'ويا'],
      suffixes: ['', 'ك', 'ه', 'ها', 'هم', 'كم', 'ين', 'ات', 'ي'],
    },
    // كس + هم would be كسهم, "like an arrow"; so short words keep only the singular possessives.
    short: { prefixes: ['', 'ال', 'وال', 'فال', 'بال', 'يا', 'ويا'], suffixes: ['', 'ك', 'ه', 'ها'] },
    insult: { prefixes: ['', 'يا', 'ويا'], suffixes: ['', 'ه'] },
    exact: { prefixes: ['', 'و', 'ف'], suffixes: [''] },
  },
  latin: {
    long: { prefixes: ['', 'ya', 'el', 'al', 'w'], suffixes: ['', 'a', 'ak', 'ek', 'ik', 'o', 'ha', 'hom', 'kom', 'at'] },
    medium: { prefixes: ['', 'ya'], suffixes: [''] },
    short: { prefixes: ['', 'ya'], suffixes: [''] },
    insult: { prefixes: ['', 'ya'], suffixes: [''] },
    exact: { prefixes: [''], suffixes: [''] },
  },
};

const vocatives: Record<Script, ReadonlySet<string>> = {
  arabic: new Set(['يا', 'ويا', 'انت', 'انتي', 'انتم', 'انتو', 'ايها']),
  latin: new Set(['ya', 'inta', 'enta', 'inti', 'enti', 'anta', 'ent', 'ente', 'intu', 'entu', 'intum']),
};

const shortLength: Record<Script, number> = { arabic: 3, latin: 4 };
const mediumLength: Record<Script, number> = { arabic: 4, latin: 4 };

function ruleFor(script: Script, term: IndexedTerm, stem: string): AffixRule {
  if (term.match !== 'word') return affixRules[script][term.match];
  const length = [...stem].length;
  return affixRules[script][length <= shortLength[script] ? 'short' : length <= mediumLength[script] ? 'medium' : 'long'];
}

function stemsOf(script: Script, key: string, prefix: string, suffix: string): string[] {
  const stem = key.slice(prefix.length, key.length - suffix.length);
  // Before a suffix ة is written ت: شرموطتك is شرموطة + ك. Not for short words (خرت + ك is "your needle's eye").
  if (script === 'arabic' && suffix !== '' && stem.endsWith('ت') && stem.length >= 4) return [stem, `${stem.slice(0, -1)}ه`];
  return [stem];
}

/** The lexicon term a single word is, if any. `addressed` says the word follows يا / انت (or ya / inta). */
export function lookupWord(script: Script, key: string, addressed: boolean): IndexedTerm | undefined {
  const { words } = lexiconIndex[script];
  const { long } = affixRules[script];
  let best: IndexedTerm | undefined;
  for (const prefix of long.prefixes) {
    if (!key.startsWith(prefix)) continue;
    for (const suffix of long.suffixes) {
      if (!key.endsWith(suffix) || key.length - prefix.length - suffix.length < 2) continue;
      for (const stem of stemsOf(script, key, prefix, suffix)) {
        const term = words.get(stem);
        if (!term) continue;
        const rule = ruleFor(script, term, stem);
        if (!rule.prefixes.includes(prefix) || !rule.suffixes.includes(suffix)) continue;
        if (term.match === 'insult' && prefix === '' && !addressed) continue;
        if (!best || higherTier(best.tier, term.tier) !== best.tier) best = term;
      }
    }
  }
  return best;
}

function separatedBySpace(text: string, a: Token, b: Token): boolean {
  return a.script === b.script && /^[\s\p{Cf}]+$/u.test(text.slice(a.end, b.start));
}

function phraseAt(text: string, tokens: readonly Token[], index: number): Finding[] {
  const first = tokens[index];
  if (!first) return [];
  const { phrases } = lexiconIndex[first.script];
  const openers = first.script === 'arabic' ? ['', 'و', 'ف', 'يا', 'ويا'] : ['', 'ya'];
  const findings: Finding[] = [];
  for (const opener of openers) {
    if (!first.key.startsWith(opener)) continue;
    for (const phrase of phrases.get(first.key.slice(opener.length)) ?? []) {
      let last = first;
      let matched = true;
      for (let offset = 1; offset < phrase.keys.length && matched; offset++) {
        const token = tokens[index + offset];
        matched = token !== undefined && separatedBySpace(text, last, token) && token.key === phrase.keys[offset];
        if (token) last = token;
      }
      if (matched) findings.push({ start: first.start, end: last.end, tier: phrase.tier, term: phrase.term });
    }
  }
  return findings;
}

/** Arabic (Arabic script and Arabizi) lexicon words and phrases, matched as whole words. */
export function detectArabic(text: string): Finding[] {
  const tokens = tokenise(text);
  const findings: Finding[] = [];
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    const addressed = previous !== undefined && separatedBySpace(text, previous, token) && vocatives[token.script].has(previous.key);
    const term = lookupWord(token.script, token.key, addressed);
    if (term) findings.push({ start: token.start, end: token.end, tier: term.tier, term: term.term });
    findings.push(...phraseAt(text, tokens, index));
  });
  for (const joined of joinSplitWords(text, tokens)) {
    const term = lookupWord(joined.script, joined.key, false);
    const tier = higherTier(term?.tier, joined.script === 'latin' ? englishTierOf(joined.raw) : undefined);
    if (tier) findings.push({ start: joined.start, end: joined.end, tier, term: term?.term ?? 'spaced-out profanity' });
  }
  return findings;
}
