import { z } from 'zod';
import { messages } from './messages.ts';

// Control characters have no place in what people type; line breaks only where a text has lines.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\r\n\u2028\u2029]/;

/** A required one-line text (a name, a title): trimmed, no line breaks or control characters. */
export const singleLineText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.maxLength(max))
    .refine((value) => !controlCharacters.test(value) && !lineBreaks.test(value), messages.invalidFormat);

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
