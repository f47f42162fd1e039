import { money, toDecimal, type CurrencyCode } from '@mihna/shared';

export interface SkillCount {
  skill: string;
  projects: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_COUNT = 5;

/** Jobs store currency codes the jobs service validated on the way in. */
export const majorUnits = (minor: number, currency: string) => toDecimal(money(minor, currency as CurrencyCode));

/** Each of the user's skills, in the user's order, with the number of jobs that required it (case-insensitively). */
export function countSkillUse(userSkills: readonly string[], jobsSkills: readonly (readonly string[])[]): SkillCount[] {
  const required = jobsSkills.map((skills) => new Set(skills.map((skill) => skill.toLowerCase())));
  return userSkills.map((skill) => ({
    skill,
    projects: required.filter((skills) => skills.has(skill.toLowerCase())).length,
  }));
}

/** The most used skills, ties in the user's order (the sort is stable), unused ones left out. */
export function topSkills(counts: readonly SkillCount[]): SkillCount[] {
  return counts
    .filter((count) => count.projects > 0)
    .sort((a, b) => b.projects - a.projects)
    .slice(0, TOP_COUNT);
}

/**
 * The skills the completed projects required most, each counted once per project whatever its case:
 * in the profile's spelling when the profile lists the skill, else in the first project's. A project
 * counts even when its skills are not on the profile. Ties keep the profile's order, then the order
 * the projects named them.
 */
export function topUsedSkills(userSkills: readonly string[], jobsSkills: readonly (readonly string[])[]): SkillCount[] {
  const counts = new Map<string, SkillCount>();
  for (const skill of userSkills) if (!counts.has(skill.toLowerCase())) counts.set(skill.toLowerCase(), { skill, projects: 0 });
  for (const skills of jobsSkills) {
    const named = new Map(skills.filter((skill) => skill.trim() !== '').map((skill) => [skill.toLowerCase(), skill]));
    for (const [key, skill] of named) {
      const count = counts.get(key) ?? { skill, projects: 0 };
      counts.set(key, { ...count, projects: count.projects + 1 });
    }
  }
  return topSkills([...counts.values()]);
}

/** How many distinct ids occur at least twice: repeat clients, repeat hires. */
export function countRepeated(ids: readonly (string | null)[]): number {
  const seen = new Map<string, number>();
  for (const id of ids) if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen.values()].filter((times) => times >= 2).length;
}

/** The most frequent categories, ties by id so the answer does not change between calls. */
export function topCategories(categories: readonly (string | null)[]): { category: string; projects: number }[] {
  const counts = new Map<string, number>();
  for (const category of categories) if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
  return [...counts]
    .map(([category, projects]) => ({ category, projects }))
    .sort((a, b) => b.projects - a.projects || a.category.localeCompare(b.category))
    .slice(0, TOP_COUNT);
}

/** A database average to one decimal; 0 when there was nothing to average. */
export const roundRating = (average: string | number | null) => (average === null ? 0 : Math.round(Number(average) * 10) / 10);

export const durationDays = (start: Date | null, end: Date) =>
  start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / DAY_MS)) : null;

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 'AED 5,000 - 10,000' (one amount when both ends are equal). */
export function formatBudgetRange(currency: string, min: number, max: number): string {
  const [low, high] = [wholeNumber.format(min), wholeNumber.format(max)];
  return low === high ? `${currency} ${low}` : `${currency} ${low} - ${high}`;
}
