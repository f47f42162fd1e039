/**
 * The article and the family particle Gulf names carry ("الحمادي", "Al Mansoori", "آل مكتوم",
 * "Al-Suwaidi"): an initial is the name's own first letter, so they are passed over.
 */
const PARTICLES = new Set(['ال', 'آل', 'al', 'el']);
const ARABIC_ARTICLE = /^ال(?=\p{L}{2})/u;
const LATIN_ARTICLE = /^(?:al|el)-(?=\p{L})/iu;
const ARABIC_LETTER = /\p{Script=Arabic}/u;

function initialOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const word = words.find((each) => !PARTICLES.has(each.toLowerCase())) ?? words[0] ?? '';
  const stem = word.replace(ARABIC_ARTICLE, '').replace(LATIN_ARTICLE, '');
  return Array.from(stem).find((character) => /\p{L}/u.test(character)) ?? '';
}

/**
 * A person's initials for a disc without a picture: عبدالله الحمادي → "ع ح", Omar Al Mansoori → "OM".
 * Arabic letters are set apart by a space, or they would join into a word.
 */
export function initialsOf(firstName: string, lastName: string): string {
  const letters = [initialOf(firstName), initialOf(lastName)].filter(Boolean).map((letter) => letter.toUpperCase());
  return letters.join(letters.some((letter) => ARABIC_LETTER.test(letter)) ? ' ' : '');
}
