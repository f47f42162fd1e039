import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './accounts.ts';
import { splitList } from './lists.ts';

describe('splitList', () => {
  it('splits at the comma, the Arabic comma and the Arabic semicolon', () => {
    expect(splitList('React,TypeScript')).toEqual(['React', 'TypeScript']);
    expect(splitList('TypeScript، Node.js')).toEqual(['TypeScript', 'Node.js']);
    expect(splitList('العربية؛ الإنجليزية')).toEqual(['العربية', 'الإنجليزية']);
  });

  it('splits a list that mixes them', () => {
    expect(splitList('React, TypeScript، Node.js؛ تصميم الشعارات')).toEqual(['React', 'TypeScript', 'Node.js', 'تصميم الشعارات']);
  });

  it('trims spaces and direction marks, and drops empty items', () => {
    expect(splitList('  React ,  , TypeScript،،\u00a0Node.js \u200f؛ ')).toEqual(['React', 'TypeScript', 'Node.js']);
    expect(splitList('\u200fتصميم داخلي\u200f، \u061cديكور')).toEqual(['تصميم داخلي', 'ديكور']);
    expect(splitList('')).toEqual([]);
    expect(splitList(' ، , ؛ ')).toEqual([]);
  });

  it('keeps the spaces inside an item', () => {
    expect(splitList('Arabic Typography، UX Writing')).toEqual(['Arabic Typography', 'UX Writing']);
  });
});

describe('the profile’s lists, as forms and the server read them', () => {
  const parse = (input: Record<string, unknown>) => profileUpdateSchema.parse(input);

  it('splits skills and languages typed with Arabic separators', () => {
    expect(parse({ skills: 'TypeScript، Node.js', languages: 'العربية؛ English' })).toMatchObject({
      skills: ['TypeScript', 'Node.js'],
      languages: ['العربية', 'English'],
    });
  });

  it('splits the items of skills sent as a list, which hold no separator', () => {
    expect(parse({ skills: ['TypeScript، Node.js', ' React '] }).skills).toEqual(['TypeScript', 'Node.js', 'React']);
  });

  it('splits career highlights typed as text, and keeps those sent as a list whole', () => {
    expect(parse({ career_highlights: 'قدت فريق التصميم، أطلقت تطبيق البنك' }).career_highlights).toEqual([
      'قدت فريق التصميم',
      'أطلقت تطبيق البنك',
    ]);
    expect(parse({ career_highlights: ['Built a clinic booking platform, 40k appointments a month', ' '] }).career_highlights).toEqual([
      'Built a clinic booking platform, 40k appointments a month',
    ]);
  });
});
