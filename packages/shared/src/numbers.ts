import { toWesternDigits } from './plain-text.ts';

/**
 * A number as people type it, in the form JavaScript reads: Arabic-Indic and Eastern Arabic-Indic
 * digits as 0–9, the Arabic decimal separator (٫) as a point, spaces and the Arabic thousands
 * separator (٬) dropped, and commas dropped only where they group thousands ('1,500', not '1,5').
 */
export function normaliseNumberText(text: string): string {
  const western = toWesternDigits(text)
    .replace(/\u066B/g, '.')
    .replace(/[\u066C\s\u00A0\u202F]/g, '');
  return /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(western) ? western.replace(/,/g, '') : western;
}

/**
 * What a number field holds: a JSON number as it is, typed text as its number (NaN when it is not one),
 * and empty text or null as absent.
 */
export function readNumber(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = normaliseNumberText(value);
  if (text === '') return undefined;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The digits of a one-time code from what was typed or pasted: '396 384', 'Code: 396384' and
 * '٣٩٦٣٨٤' all give '396384'. A group of `length` digits (spaces or dashes allowed between them) wins;
 * otherwise every digit typed so far, at most `length`.
 */
export function extractCode(text: string, length = 6): string {
  const western = toWesternDigits(text);
  const group = new RegExp(`(?<!\\d)\\d(?:[\\s-]?\\d){${length - 1}}(?!\\d)`).exec(western);
  return (group ? group[0] : western).replace(/\D/g, '').slice(0, length);
}
