import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage.ts';
import arCommon from './locales/ar/common.json';
import arValidation from './locales/ar/validation.json';
import enCommon from './locales/en/common.json';
import enValidation from './locales/en/validation.json';

export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];
const STORAGE_KEY = 'mihna.language';

const pageNamespaces = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
  '!./locales/*/validation.json',
]);

/** Page texts (help, legal, about) load with their page; the shell's strings come with the first bundle. */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = pageNamespaces[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`missing translations ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function detectLanguage(): Language {
  const stored = storage.get(STORAGE_KEY);
  if (stored === 'en' || stored === 'ar') return stored;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export const directionOf = (language: string) => (language === 'ar' ? 'rtl' : 'ltr');

function applyToDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export async function initI18n(language: Language = detectLanguage()) {
  await i18next
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: languages,
      ns: ['common', 'validation'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: enCommon, validation: enValidation }, ar: { common: arCommon, validation: arValidation } },
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
