import { arabicKey, arabiziKey } from './arabic-normalise.ts';

export type Script = 'arabic' | 'latin';

export interface Token {
  /** UTF-16 span in the original text, end exclusive. */
  start: number;
  end: number;
  script: Script;
  /** The original characters. */
  raw: string;
  /** Normalised comparison key (see arabicKey / arabiziKey). */
  key: string;
}

const arabicLetter = /^[\p{Script=Arabic}\u0640]$/u;
const letter = /^\p{L}$/u;
const latinLetter = /^[\p{Script=Latin}０-９]$/u;
const mark = /^\p{M}$/u;
const format = /^\p{Cf}$/u;

type CharClass = Script | 'mark' | 'format' | 'apostrophe' | 'other';

function classify(char: string): CharClass {
  const code = char.charCodeAt(0);
  // Fast paths for ASCII and the core Arabic block; the regexes below cover the rest of Unicode.
  if (code < 0x80) {
    if ((code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)) return 'latin';
    return code === 0x27 ? 'apostrophe' : 'other';
  }
  if ((code >= 0x0620 && code <= 0x064a) || (code >= 0x0671 && code <= 0x06d3)) return 'arabic';
  if (code === 0x2019) return 'apostrophe';
  if (mark.test(char)) return 'mark';
  if (format.test(char)) return 'format';
  if (arabicLetter.test(char) && (letter.test(char) || char === '\u0640')) return 'arabic';
  if (latinLetter.test(char) && !mark.test(char)) return 'latin';
  return 'other';
}

// Real text repeats its words; the cache is dropped whole when it grows, to bound memory.
const keyCache: Record<Script, Map<string, string>> = { arabic: new Map(), latin: new Map() };

export function keyFor(script: Script, raw: string): string {
  const cache = keyCache[script];
  let key = cache.get(raw);
  if (key === undefined) {
    key = script === 'arabic' ? arabicKey(raw) : arabiziKey(raw);
    if (cache.size >= 20_000) cache.clear();
    cache.set(raw, key);
  }
  return key;
}

/**
 * Splits text into runs of Arabic letters and runs of Latin letters/digits (Arabizi writes letters with digits).
 * Diacritics belong to the word they sit on; invisible format characters (RTL marks, zero-width joiners) inside
 * a word do not split it, so they cannot be used to sneak a word past the lexicon.
 */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let script: Script | undefined;
  let start = 0;
  let end = 0;
  const finish = () => {
    if (script) {
      const raw = text.slice(start, end);
      tokens.push({ start, end, script, raw, key: keyFor(script, raw) });
    }
    script = undefined;
  };

  let index = 0;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    const char = unit >= 0xd800 && unit <= 0xdbff ? String.fromCodePoint(text.codePointAt(index) ?? unit) : text.charAt(index);
    const next = index + char.length;
    const kind = classify(char);
    if (kind === 'arabic' || kind === 'latin') {
      if (kind !== script) {
        finish();
        script = kind;
        start = index;
      }
      end = next;
    } else if (kind === 'mark' && script) {
      end = next;
    } else if (kind === 'format' && script) {
      // Kept only if the word goes on after it: `end` moves past it when the next letter arrives.
    } else if (kind === 'apostrophe' && script === 'latin' && next - end === 1 && /[35679]/u.test(text.charAt(end - 1))) {
      end = next; // Arabizi 7' (خ), 3' (غ)
    } else {
      finish();
    }
    index = next;
  }
  finish();
  return tokens;
}

const joiner = /^[.\-_*·•]$/u;
const spacedGap = /^[\s.\-_*·•]{1,3}$/u;

function chains(tokens: readonly Token[], linked: (a: Token, b: Token) => boolean, minLength: number): Token[] {
  const joined: Token[] = [];
  let first = 0;
  for (let index = 1; index <= tokens.length; index++) {
    const previous = tokens[index - 1];
    const token = tokens[index];
    if (previous && token && linked(previous, token)) continue;
    const head = tokens[first];
    const tail = tokens[index - 1];
    if (head && tail && index - first >= minLength) {
      const raw = tokens
        .slice(first, index)
        .map((part) => part.raw)
        .join('');
      joined.push({ start: head.start, end: tail.end, script: head.script, raw, key: keyFor(head.script, raw) });
    }
    first = index;
  }
  return joined;
}

/**
 * Words a writer broke up to dodge a filter: "ش.ر.م.و.ط.ة", "شر-موطة", "f u c k". Arabic pieces joined by one
 * punctuation mark are glued back together (Arabic does not hyphenate words); letters standing alone, three or more
 * in a row, are glued whatever the script. Domain names and hyphenated English words are left alone.
 */
export function joinSplitWords(text: string, tokens: readonly Token[]): Token[] {
  const gap = (a: Token, b: Token) => text.slice(a.end, b.start);
  const glued = chains(
    tokens,
    (a, b) => a.script === 'arabic' && b.script === 'arabic' && b.start - a.end === 1 && joiner.test(gap(a, b)),
    2,
  );
  const spaced = chains(
    tokens,
    (a, b) => a.script === b.script && a.key.length === 1 && b.key.length === 1 && b.start - a.end <= 3 && spacedGap.test(gap(a, b)),
    3,
  );
  return [...glued, ...spaced];
}
