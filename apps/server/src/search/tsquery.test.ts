import { describe, expect, it } from 'vitest';
import { parseTsquery } from './tsquery.ts';

const word = (text: string) => ({ kind: 'word', word: text });

describe('parseTsquery', () => {
  it('reads what PostgreSQL prints, with its precedence: ! before phrases before & before |', () => {
    expect(parseTsquery("'logo'")).toEqual(word('logo'));
    expect(parseTsquery("'logo' & 'design' | 'brand'")).toEqual({
      kind: 'or',
      nodes: [{ kind: 'and', nodes: [word('logo'), word('design')] }, word('brand')],
    });
    expect(parseTsquery("'logo' & !( 'print' | 'tshirt' )")).toEqual({
      kind: 'and',
      nodes: [word('logo'), { kind: 'not', node: { kind: 'or', nodes: [word('print'), word('tshirt')] } }],
    });
  });

  it('asks for every word of a phrase, as the index keeps no positions', () => {
    expect(parseTsquery("'e' <-> 'commerc' | 'e-commerc'")).toEqual({
      kind: 'or',
      nodes: [{ kind: 'and', nodes: [word('e'), word('commerc')] }, word('e-commerc')],
    });
    expect(parseTsquery("'web' <2> 'app'")).toEqual({ kind: 'and', nodes: [word('web'), word('app')] });
  });

  it('reads quotes, backslashes, Arabic and weights inside words', () => {
    expect(parseTsquery("'o''brien' & 'a\\\\b'")).toEqual({ kind: 'and', nodes: [word("o'brien"), word('a\\b')] });
    expect(parseTsquery("'تصميم' & 'موقع':AB")).toEqual({ kind: 'and', nodes: [word('تصميم'), word('موقع')] });
  });

  it('reads an operand repeated (English and Arabic alike) once', () => {
    expect(parseTsquery("'design' | 'design'")).toEqual(word('design'));
    expect(parseTsquery("'web' & 'design' | 'web' & 'design'")).toEqual({ kind: 'and', nodes: [word('web'), word('design')] });
    expect(parseTsquery("'web' & 'web' & 'app' | 'apps'")).toEqual({
      kind: 'or',
      nodes: [{ kind: 'and', nodes: [word('web'), word('app')] }, word('apps')],
    });
  });

  it('marks a word that PostgreSQL reads as a prefix', () => {
    expect(parseTsquery("'react' | 'reac':*")).toEqual({ kind: 'or', nodes: [word('react'), { ...word('reac'), prefix: true }] });
    expect(parseTsquery("'موق':*A")).toEqual({ ...word('موق'), prefix: true });
  });

  it('has no tree for the empty query (only stop words), and refuses what is not a tsquery', () => {
    expect(parseTsquery('')).toBeUndefined();
    expect(() => parseTsquery("'a' &")).toThrow();
    expect(() => parseTsquery("('a'")).toThrow();
  });
});
