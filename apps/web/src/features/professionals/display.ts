import { findRegion, industries, type LocalizedName } from '@mihna/shared';
import type { Language } from '../../lib/format.ts';

/** Cuts a text to `max` characters (whole characters, never half an emoji) and marks the cut with '…'. */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return text.trim();
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

const nameOf = (entry: { name: LocalizedName } | undefined, language: Language, fallback: string) => entry?.name[language] ?? fallback;

export const industryName = (id: string, language: Language) =>
  nameOf(
    industries.find((industry) => industry.id === id),
    language,
    id,
  );

/**
 * The location a profile shows: its region (emirate) and city names, only when the user chose to show
 * their location and has a region. The API already leaves out what the user hides; this keeps the
 * screens honest if it ever sends more.
 */
export function visibleLocation(
  user: { show_location: boolean; country: string | null; emirate: string | null; city: string | null },
  language: Language,
): { region: string; city: string | null } | null {
  if (!user.show_location || !user.emirate) return null;
  const region = findRegion(user.country ?? 'AE', user.emirate);
  const city = user.city
    ? nameOf(
        region?.cities.find((entry) => entry.id === user.city),
        language,
        user.city,
      )
    : null;
  return { region: nameOf(region, language, user.emirate), city };
}

/** The number of filled stars out of five for a rating (nearest whole star, within 0-5). */
export function filledStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating)));
}
