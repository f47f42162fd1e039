import { z } from 'zod';
import { messages } from './messages.ts';

// Control characters have no place in what people type; line breaks only where a text has lines.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\r\n\u2028\u2029]/;
// Direction overrides can make a name display as something else (U+202A–202E, U+2066–2069).
const directionOverrides = /[\u202A-\u202E\u2066-\u2069]/;

/** Arabic-Indic and Persian digits typed on Arabic keyboards, read as 0–9. */
export const toWesternDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));

/** A one-line text is plain: no control characters, no line breaks, no direction overrides. */
export const isPlainLine = (value: string) => !controlCharacters.test(value) && !lineBreaks.test(value) && !directionOverrides.test(value);

/** A required one-line text (a name, a title): trimmed, no line breaks or control characters. */
export const singleLineText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.maxLength(max))
    .refine(isPlainLine, messages.invalidFormat);

/** A required text that may span lines (a message, a description). */
export const multiLineText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.maxLength(max))
    .refine((value) => !controlCharacters.test(value), messages.invalidFormat);

/** A required e-mail address in the specification's words. */
export const emailAddress = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .pipe(z.email(messages.invalidEmail).max(254, messages.invalidEmail));
