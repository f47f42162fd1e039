import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage.ts';

export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];
const STORAGE_KEY = 'mihna.language';

const namespaces = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/**
 * Every text loads in its own small file: the shell's (common, validation) in the reader's language
 * before the first render, a page's (help, legal, about) with its page, and the other language's
 * only when the reader switches to it.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = namespaces[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`missing translations ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** The language the reader chose on this browser, if they did. */
export function storedLanguage(): Language | undefined {
  const stored = storage.get(STORAGE_KEY);
  return stored === 'en' || stored === 'ar' ? stored : undefined;
}

export function detectLanguage(): Language {
  return storedLanguage() ?? (typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('ar') ? 'ar' : 'en');
}

export const directionOf = (language: string) => (language === 'ar' ? 'rtl' : 'ltr');

/** Every namespace of a language: the page rendering at build time (src/prerender.tsx) reads them all. */
export const namespacesOf = (language: Language) =>
  Object.keys(namespaces)
    .flatMap((file) => /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file)?.slice(1) ?? [])
    .flatMap((part, index, parts) => (index % 2 === 0 && part === language ? [parts[index + 1]!] : []));

function applyToDocument(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  // The server reads it too: the next page it sends is in this language and announces its texts.
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export async function initI18n(language: Language = detectLanguage()) {
  await i18next
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback: Arabic has every English key (translations.test.ts), so neither language downloads the other.
      fallbackLng: false,
      supportedLngs: languages,
      ns: ['common', 'validation'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyToDocument(language);
  i18next.on('languageChanged', (next) => {
    applyToDocument(next);
    storage.set(STORAGE_KEY, next);
  });
  return i18next;
}
