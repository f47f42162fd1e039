import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letter of each name, in capitals', () => {
    expect(initialsOf('layla', 'Haddad')).toBe('LH');
    expect(initialsOf('Priya', 'Nair')).toBe('PN');
  });

  it('passes over the Arabic article, and sets Arabic letters apart so they do not join', () => {
    expect(initialsOf('عبدالله', 'الحمادي')).toBe('ع ح');
    expect(initialsOf('عمر', 'المنصوري')).toBe('ع م');
    expect(initialsOf('فاطمة', 'السويدي')).toBe('ف س');
  });

  it('passes over the article and the family particle written as words, in either script', () => {
    expect(initialsOf('Omar', 'Al Mansoori')).toBe('OM');
    expect(initialsOf('Fatima', 'Al-Suwaidi')).toBe('FS');
    expect(initialsOf('Hessa', 'al falasi')).toBe('HF');
    expect(initialsOf('محمد', 'آل مكتوم')).toBe('م م');
  });

  it('keeps a name that is only the article, or starts with its letters', () => {
    expect(initialsOf('Ali', 'Al')).toBe('AA');
    expect(initialsOf('Alia', 'Albert')).toBe('AA');
    expect(initialsOf('أمل', 'الي')).toBe('أ ا');
  });

  it('skips marks and spaces before the first letter, and leaves out an empty name', () => {
    expect(initialsOf('  \u200fسارة', '')).toBe('س');
    expect(initialsOf('', 'Khan')).toBe('K');
  });
});
