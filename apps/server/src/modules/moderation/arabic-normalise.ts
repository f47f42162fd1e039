const tashkeel = /^[\u064B-\u065F\u0670\u06D6-\u06ED]$/u;
const invisible = /^[\p{Cf}\u0640]$/u;

const letterVariants: Readonly<Record<string, string>> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ة: 'ه',
  ى: 'ي',
  ؤ: 'و',
  ئ: 'ي',
  // Persian/Urdu keyboard letters that look like Arabic ones.
  ک: 'ك',
  ی: 'ي',
  ھ: 'ه',
  ۀ: 'ه',
  ە: 'ه',
  // Gulf spellings of dialect sounds: چلب is كلب said "chalb", گحبة is قحبة said "gahba".
  چ: 'ك',
  گ: 'ق',
  ڤ: 'ف',
  پ: 'ب',
};

/**
 * One character in the comparison alphabet: diacritics, tatweel and invisible format characters vanish,
 * letter variants unify, presentation forms and full-width Latin decompose, Latin is lower-cased.
 */
export function normaliseChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return char.toLowerCase();
  if (tashkeel.test(char) || invisible.test(char)) return '';
  const variant = letterVariants[char];
  if (variant !== undefined) return variant;
  // Presentation forms, ligatures and full-width letters all live above U+FB00.
  if (code >= 0xfb00) {
    const decomposed = char.normalize('NFKC');
    if (decomposed !== char) return [...decomposed].map(normaliseChar).join('');
  }
  return char.toLowerCase();
}

export function normaliseText(text: string): string {
  let normalised = '';
  for (const char of text) normalised += normaliseChar(char);
  return normalised;
}

/** Letters repeated for emphasis (كلللب, sharmoooota) count once; lexicon keys go through the same step. */
export function collapseRepeats(text: string, minimumRun: 2 | 3): string {
  return text.replace(minimumRun === 2 ? /(.)\1+/gu : /(.)\1{2,}/gu, '$1');
}

/**
 * Arabic writes a doubled consonant once (with shadda), so a letter written twice is usually two morphemes:
 * بنيك + ك is "your sons", not بنيكك. Only runs of three or more are emphasis.
 */
export function arabicKey(text: string): string {
  return collapseRepeats(normaliseText(text), 3);
}

/** Arabizi: 7' and 5 are both خ, 3' is غ; "ou" and "u" are the same vowel. */
export function arabiziKey(text: string): string {
  const spelled = normaliseText(text).replace(/7['’]/gu, '5').replace(/3['’]/gu, 'gh').replace(/['’]/gu, '');
  return collapseRepeats(spelled, 2).replace(/ou/gu, 'u');
}
