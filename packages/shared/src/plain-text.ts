// What people type, read without a schema: the web app's number fields and the login form use these
// without downloading zod (text.ts builds the schemas on them).

// Control characters have no place in what people type; line breaks only where a text has lines.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\r\n\u2028\u2029]/;
// Direction overrides can make a name display as something else (U+202A–202E, U+2066–2069).
const directionOverrides = /[\u202A-\u202E\u2066-\u2069]/;

/** Arabic-Indic and Persian digits typed on Arabic keyboards, read as 0–9. */
export const toWesternDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));

/**
 * Whether a login's identifier is written as a mobile number ('+971 50 123 4567', '050-123-4567', '٠٥٠١٢٣٤٥٦٧'):
 * 7 to 15 digits, with spaces, dots, hyphens or brackets between them and + or 00 before them. An e-mail address is not.
 */
export function isMobileNumber(typed: string): boolean {
  const western = toWesternDigits(typed).trim();
  if (!/^\+?[\d\s().-]+$/.test(western)) return false;
  const digits = western.replace(/\D/g, '').replace(/^00/, '');
  return digits.length >= 7 && digits.length <= 15;
}

/** Whether a text holds control characters (a text that may span lines holds no others). */
export const hasControlCharacters = (value: string) => controlCharacters.test(value);

/** A one-line text is plain: no control characters, no line breaks, no direction overrides. */
export const isPlainLine = (value: string) => !hasControlCharacters(value) && !lineBreaks.test(value) && !directionOverrides.test(value);
