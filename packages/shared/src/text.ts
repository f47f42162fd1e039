import { z } from 'zod';
import { messages } from './messages.ts';
import { hasControlCharacters, isPlainLine } from './plain-text.ts';

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
    .refine((value) => !hasControlCharacters(value), messages.invalidFormat);

/** A required e-mail address in the specification's words. */
export const emailAddress = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .pipe(z.email(messages.invalidEmail).max(254, messages.invalidEmail));
