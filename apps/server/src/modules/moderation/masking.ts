import type { Finding } from './finding.ts';

// Leetspeak symbols count as part of a word so "a$$hole" is masked whole.
const wordChar = /^[\p{L}\p{M}\p{N}$@*\p{Cf}]$/u;
const keptInMask = /^[\s\p{Cf}]$/u;
// Marks (tashkeel) and tatweel only decorate the letter before them, which already becomes '*'.
const droppedInMask = /^[\p{M}\u0640]$/u;

function codePointBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text.slice(index - 1, index);
}

/** Grows [start, end) to the whole word around it, so "fucking" is masked and not just "fuck". */
export function expandToWord(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  while (from > 0) {
    const char = codePointBefore(text, from);
    if (!wordChar.test(char)) break;
    from -= char.length;
  }
  let to = end;
  while (to < text.length) {
    const char = String.fromCodePoint(text.codePointAt(to) ?? 0);
    if (!wordChar.test(char)) break;
    to += char.length;
  }
  return { start: from, end: to };
}

function mergeSpans(findings: readonly Finding[]): Array<{ start: number; end: number }> {
  const sorted = [...findings].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Array<{ start: number; end: number }> = [];
  for (const { start, end } of sorted) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

function maskSegment(segment: string): string {
  let masked = '';
  for (const char of segment) {
    if (keptInMask.test(char)) masked += char;
    else if (!droppedInMask.test(char)) masked += '*';
  }
  return masked;
}

/** Replaces every visible character inside the findings with '*'; everything outside them is untouched. */
export function maskFindings(text: string, findings: readonly Finding[]): string {
  let result = '';
  let cursor = 0;
  for (const span of mergeSpans(findings)) {
    result += text.slice(cursor, span.start) + maskSegment(text.slice(span.start, span.end));
    cursor = span.end;
  }
  return result + text.slice(cursor);
}
