import { GULF_TIME_ZONE, formatMoney, money, type CurrencyCode } from '@mihna/shared';
import { documentTexts, fill, type DocumentLanguage } from './document-texts.ts';

const ARABIC_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/u;

/**
 * The direction of what a user typed, from its first letter, as HTML's dir="auto" decides it:
 * 'rtl' for Arabic, 'ltr' for Latin, null when it has no letter (digits, signs).
 */
export function directionOf(text: string): 'rtl' | 'ltr' | null {
  for (const character of text) {
    if (ARABIC_LETTER.test(character)) return 'rtl';
    if (LATIN_LETTER.test(character)) return 'ltr';
  }
  return null;
}

/** What a user typed, kept in its own direction inside the document's (a cell of layout.typ). */
export const typed = (text: string) => ({ text, dir: directionOf(text) });

/** Dates, times, lengths of time and amounts as the app shows them, in a document's language. */
export function documentFormat(language: DocumentLanguage) {
  // Western digits in both languages, as the app shows them (apps/web/src/lib/format.ts).
  const locale = `${language}-u-nu-latn`;
  const calendarDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const gulfDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: GULF_TIME_ZONE });
  const gulfDay = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: GULF_TIME_ZONE });
  const gulfClock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: GULF_TIME_ZONE });
  const texts = documentTexts[language];

  return {
    /** A calendar date ('2026-11-16') the same everywhere. */
    date: (day: string) => calendarDate.format(new Date(`${day}T00:00:00Z`)),
    /** The day an instant falls on in the Gulf. */
    gulfDate: (instant: Date) => gulfDate.format(instant),
    gulfDay: (instant: Date) => gulfDay.format(instant),
    /** From–to on the Gulf clock; an open end when still running. */
    gulfTimes: (from: Date, to: Date | null) => `${gulfClock.format(from)}–${to ? gulfClock.format(to) : ''}`,
    duration: (seconds: number) =>
      fill(texts.duration, { hours: String(Math.floor(seconds / 3600)), minutes: String(Math.floor((seconds % 3600) / 60)) }),
    /** A length of time to the second, as a clock reads it ('2:00:40'), hours past 24 kept whole. */
    clock: (seconds: number) =>
      [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
        .map((part, index) => (index === 0 ? String(part) : String(part).padStart(2, '0')))
        .join(':'),
    money: (minor: number, currency: string) => formatMoney(money(minor, currency as CurrencyCode), language),
  };
}
