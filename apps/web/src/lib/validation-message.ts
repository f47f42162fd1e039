import { useCallback } from 'react';
import { useTranslation } from '../i18n/index.ts';

// The server and the shared schemas speak the specification's English; the validation namespace is keyed by
// those sentences, with a placeholder where a value goes: {{n}} for a count ("Must be at least {{n}}
// characters"), another name for text such as an amount ("… exceeds job budget ({{budget}})").
// The catalogue is the loaded validation namespace (either language: both have the same keys).
type Catalogue = Record<string, unknown>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const templatesOf = (catalogue: Catalogue) =>
  Object.keys(catalogue)
    .filter((key) => key.includes('{{'))
    .map((key) => {
      const names = [...key.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const pattern = escape(key).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => (name === 'n' ? '(-?\\d+)' : '(.+?)'));
      return { key, names, pattern: new RegExp(`^${pattern}$`) };
    });
const templates = new WeakMap<Catalogue, ReturnType<typeof templatesOf>>();

/** The validation key a message is translated by, with the values its placeholders take; undefined when none is. */
export function findValidationKey(
  message: string,
  catalogue: Catalogue,
): { key: string; values: Record<string, string | number> } | undefined {
  if (message in catalogue) return { key: message, values: {} };
  if (!templates.has(catalogue)) templates.set(catalogue, templatesOf(catalogue));
  for (const { key, names, pattern } of templates.get(catalogue)!) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, name === 'n' ? Number(match[index + 1]) : match[index + 1]!]));
    return { key, values };
  }
  return undefined;
}

/** A text made of several catalogue sentences (a result and one moderation sentence per cleaned field). */
export const splitSentences = (text: string) => text.split(/(?<=[.!?])\s+/);

/** Translates a validation or server message into the reader's language; unknown messages pass through. */
export function useValidationMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const found = findValidationKey(message, i18n.getResourceBundle(i18n.language, 'validation') ?? {});
      if (!found) return message;
      // A count ({{n}}) also chooses the sentence's plural form, where the language has one ("in 1 minute").
      const count = typeof found.values.n === 'number' ? { count: found.values.n } : {};
      return t(found.key, { ns: 'validation', keySeparator: false, nsSeparator: false, ...found.values, ...count });
    },
    [t, i18n],
  );
}

/** A server text made of several of those sentences, each translated on its own. */
export function useSentencesMessage() {
  const translate = useValidationMessage();
  return useCallback(
    (text: string) =>
      splitSentences(text)
        .map((sentence) => translate(sentence) ?? sentence)
        .join(' '),
    [translate],
  );
}
