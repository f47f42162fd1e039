import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import enValidation from '../i18n/locales/en/validation.json';

// The shared schemas speak the specification's English; the validation namespace is keyed by those
// sentences, with {{n}} where a number goes ("Must be at least {{n}} characters").
const templates = Object.keys(enValidation)
  .filter((key) => key.includes('{{n}}'))
  .map((key) => ({ key, pattern: new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{n\\}\\}', '(\\d+)')}$`) }));

/** Translates a validation or server message into the reader's language; unknown messages pass through. */
export function useValidationMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const options = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;
      if (i18n.exists(message, options)) return t(message, options);
      for (const { key, pattern } of templates) {
        const match = pattern.exec(message);
        if (match) return t(key, { ...options, n: Number(match[1]) });
      }
      return message;
    },
    [t, i18n],
  );
}

/**
 * A server text made of several of those sentences (a result and one moderation sentence per cleaned field), each
 * translated on its own.
 */
export function useSentencesMessage() {
  const translate = useValidationMessage();
  return useCallback(
    (text: string) =>
      text
        .split(/(?<=[.!?])\s+/)
        .map((sentence) => translate(sentence) ?? sentence)
        .join(' '),
    [translate],
  );
}
