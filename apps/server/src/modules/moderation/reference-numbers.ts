// A word, with the leetspeak symbols written inside it ("a$$hole", "n!gger") kept as part of it.
const wordRun = /[\p{L}\p{M}\p{Nd}\p{Cf}]+(?:[$@!|]+[\p{L}\p{M}\p{Nd}\p{Cf}]+)*/gu;
const digit = /[0-9０-９]/gu;

/**
 * Villa, plot, unit, shop and office numbers ("N16", "G07", "3B", "12A", "1402"): a number with at most a
 * one-letter label before it, or at most two letters after it. Leetspeak writes a digit between letters
 * ("sh1t", "n1gg3r", "f4g") or spells most of a word with digits ("5hit"), which this never matches.
 */
const referenceNumber = /^(?:\p{L}?[0-9０-９]+|[0-9０-９]+\p{L}{1,2})$/u;

/**
 * The text with the digits of every reference number blanked (the same length, so spans still line up): the
 * leetspeak reading of "Villa N16" (n, i, g) is not a slur.
 */
export function blankReferenceNumbers(text: string): string {
  if (!/[0-9０-９]/u.test(text)) return text;
  return text.replace(wordRun, (run) => (referenceNumber.test(run) ? run.replace(digit, ' ') : run));
}
