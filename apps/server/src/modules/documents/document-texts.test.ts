import { describe, expect, it } from 'vitest';
import { documentTexts, fill } from './document-texts.ts';
import { directionOf } from './document-format.ts';

/** Every text of a catalogue by its path, lists item by item. */
function flatten(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => flatten(inner, path ? `${path}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('document texts', () => {
  it('say the same things in English and Arabic, with the same placeholders', () => {
    const english = new Map(flatten(documentTexts.en));
    const arabic = new Map(flatten(documentTexts.ar));
    expect([...arabic.keys()]).toEqual([...english.keys()]);
    for (const [path, text] of english) expect(placeholders(arabic.get(path) ?? ''), path).toEqual(placeholders(text));
  });

  it('write Arabic without short vowels, whose text the PDF would copy twice', () => {
    for (const [path, text] of flatten(documentTexts.ar)) expect(text, path).not.toMatch(/[\u064b-\u0652]/u);
  });

  it('fill placeholders and leave unknown ones visible', () => {
    expect(fill('Approved by {{name}} on {{date}}.', { name: 'Falcon Tech', date: 'Nov 10, 2026' })).toBe(
      'Approved by Falcon Tech on Nov 10, 2026.',
    );
    expect(fill('{{missing}}', {})).toBe('{{missing}}');
  });

  it('take what a user typed in the direction of its first letter', () => {
    expect(directionOf('تصميم صفحة الحجز')).toBe('rtl');
    expect(directionOf('2 نوفمبر')).toBe('rtl');
    expect(directionOf('Clinic موقع')).toBe('ltr');
    expect(directionOf('150.00')).toBeNull();
  });
});
