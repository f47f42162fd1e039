import { describe, expect, it } from 'vitest';
import {
  countRepeated,
  countSkillUse,
  durationDays,
  formatBudgetRange,
  roundRating,
  topCategories,
  topSkills,
  topUsedSkills,
} from './profile-stats.ts';

describe('profile statistics', () => {
  it('counts each skill once per job, case-insensitively, and keeps ties in the profile’s order', () => {
    const counts = countSkillUse(
      ['Go', 'React', 'SQL', 'Figma', 'Rust', 'CSS', 'Docker'],
      [
        ['react', 'REACT', 'css'],
        ['Figma', 'sql'],
        ['rust', 'docker', 'css'],
      ],
    );
    expect(counts).toEqual([
      { skill: 'Go', projects: 0 },
      { skill: 'React', projects: 1 },
      { skill: 'SQL', projects: 1 },
      { skill: 'Figma', projects: 1 },
      { skill: 'Rust', projects: 1 },
      { skill: 'CSS', projects: 2 },
      { skill: 'Docker', projects: 1 },
    ]);
    expect(topSkills(counts).map((count) => count.skill)).toEqual(['CSS', 'React', 'SQL', 'Figma', 'Rust']);
  });

  it('ranks the skills completed projects required, those missing from the profile too, in the profile’s spelling', () => {
    const top = topUsedSkills(
      ['Plumbing', 'React', 'Go'],
      [['AC repair', 'plumbing', 'PLUMBING'], ['ac repair', 'Tiling'], ['react', ' '], []],
    );
    expect(top).toEqual([
      { skill: 'AC repair', projects: 2 },
      { skill: 'Plumbing', projects: 1 },
      { skill: 'React', projects: 1 },
      { skill: 'Tiling', projects: 1 },
    ]);
    // Projects that named no skill rank none.
    expect(topUsedSkills(['React'], [[], []])).toEqual([]);
  });

  it('counts the ids that occur at least twice', () => {
    expect(countRepeated(['a', 'b', 'a', null, 'c', 'b', 'a', null])).toBe(2);
    expect(countRepeated([])).toBe(0);
  });

  it('keeps the five most frequent categories, ties by id, without empty ones', () => {
    const categories = ['f', 'e', 'd', 'c', 'b', 'a', 'a', null, null, null];
    expect(topCategories(categories)).toEqual([
      { category: 'a', projects: 2 },
      { category: 'b', projects: 1 },
      { category: 'c', projects: 1 },
      { category: 'd', projects: 1 },
      { category: 'e', projects: 1 },
    ]);
  });

  it('rounds averages to one decimal, 0 when there is none', () => {
    expect(roundRating('3.3333333333333333')).toBe(3.3);
    expect(roundRating('4.6666666666666667')).toBe(4.7);
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(null)).toBe(0);
  });

  it('formats budget ranges without decimals', () => {
    expect(formatBudgetRange('AED', 5000, 10_000)).toBe('AED 5,000 - 10,000');
    expect(formatBudgetRange('KWD', 1.5, 2.75)).toBe('KWD 2 - 3');
    expect(formatBudgetRange('SAR', 1_250_000, 1_250_000)).toBe('SAR 1,250,000');
  });

  it('measures whole days between acceptance and completion', () => {
    expect(durationDays(new Date('2025-01-01T10:00:00Z'), new Date('2025-01-04T09:00:00Z'))).toBe(3);
    expect(durationDays(null, new Date())).toBeNull();
  });
});
