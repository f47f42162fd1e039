import { convertAmount, money, toDecimal, type CurrencyCode } from '@mihna/shared';

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

/** The sum of amounts in several currencies, in AED to the fils. */
export function sumInAed(amounts: readonly { currency: string; minor: number }[]): number {
  const total = amounts.reduce(
    (sum, { currency, minor }) => sum + convertAmount(majorUnits(minor, currency), currency as CurrencyCode, 'AED'),
    0,
  );
  return Math.round(total * 100) / 100;
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
