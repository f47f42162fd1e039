import { useSyncExternalStore } from 'react';
import { storage } from '../lib/storage.ts';

/**
 * The app's texts: each namespace of each language in its own small file (locales/{language}/{namespace}.json),
 * loaded when first read. The shell's (common, validation) load in the reader's language before the
 * first render, a page's (help, legal, about) with its page, and the other language's only when the
 * reader switches to it. `t` reads keys as i18next's JSON v4 does (the format the files are in):
 * `a.b` for nesting, `ns:key` for another namespace, `{{name}}` filled from the options, and plural
 * forms by `count` (`_zero` when it is 0, then the language's form: `_one`, `_two`, `_few`, `_many`,
 * `_other`). This replaces i18next and react-i18next, 18 KiB of the first visit's scripts, of which
 * the app used this much (decision 26).
 */

export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];
const STORAGE_KEY = 'mihna.language';

type Texts = { [key: string]: string | Texts | Texts[] | string[] };
const files = import.meta.glob<{ default: Texts }>('./locales/*/*.json');

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
  Object.keys(files)
    .flatMap((file) => /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file)?.slice(1) ?? [])
    .flatMap((part, index, parts) => (index % 2 === 0 && part === language ? [parts[index + 1]!] : []));

function applyToDocument(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  // The server reads it too: the next page it sends is in this language and announces its texts.
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export interface TranslateOptions {
  count?: number;
  ns?: string;
  returnObjects?: boolean;
  /** false: the key is one whole key, dots and all (the validation catalogue is keyed by sentences). */
  keySeparator?: false;
  /** false: a colon in the key does not name a namespace. */
  nsSeparator?: false;
  [name: string]: unknown;
}
export interface Translate {
  /** The texts under `key` as they are (a list, an object), not one text. */
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

const loaded = new Map<string, Texts>();
const loading = new Map<string, Promise<void>>();
let current: Language = 'en';
let isInitialized = false;
let version = 0;
const listeners = new Set<() => void>();
/** While a page renders at build time: the namespaces it reads. */
let usedNamespaces: Set<string> | undefined;

const bundleKey = (language: string, namespace: string) => `${language}/${namespace}`;

function load(language: string, namespace: string): Promise<void> {
  const key = bundleKey(language, namespace);
  if (loaded.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    const file = files[`./locales/${language}/${namespace}.json`];
    pending = file
      ? file().then((module) => {
          loaded.set(key, module.default);
          loading.delete(key);
        })
      : Promise.reject(new Error(`missing translations ${key}`));
    loading.set(key, pending);
  }
  return pending;
}

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function lookup(texts: Texts | undefined, key: string, nested: boolean): Texts[string] | undefined {
  if (!nested) return texts?.[key];
  let found: Texts[string] | undefined = texts;
  for (const part of key.split('.')) {
    if (found === undefined || typeof found !== 'object' || Array.isArray(found)) return undefined;
    found = found[part];
  }
  return found;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** A placeholder's value as text: nothing for a missing one, as i18next did. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** The text of `key` in the first of `namespaces` that has it, or `key` itself when none has. */
function translate(namespaces: readonly string[], key: string, options: TranslateOptions = {}): string {
  let path = key;
  let searched = options.ns ? [options.ns] : namespaces;
  const separator = options.nsSeparator === false ? -1 : key.indexOf(':');
  if (separator > 0) {
    searched = [key.slice(0, separator)];
    path = key.slice(separator + 1);
  }
  // A text that does not spell out a form (no `_zero` for a count that is never 0) falls back to `_other`.
  const candidates =
    typeof options.count === 'number'
      ? [...(options.count === 0 ? [`${path}_zero`] : []), `${path}_${pluralForm(current, options.count)}`, `${path}_other`, path]
      : [path];
  for (const namespace of searched)
    for (const candidate of candidates) {
      const found = lookup(loaded.get(bundleKey(current, namespace)), candidate, options.keySeparator !== false);
      if (found === undefined) continue;
      if (typeof found !== 'string') return (options.returnObjects ? found : key) as string;
      return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => textOf(options[name]));
    }
  return key;
}

export const i18n = {
  get language(): Language {
    return current;
  },
  get isInitialized() {
    return isInitialized;
  },
  dir: (language: string = current) => directionOf(language),
  /** Whether the key has a text (in `options.ns`, or common). */
  exists: (key: string, options: { ns?: string } = {}) => translate([options.ns ?? 'common'], key) !== key,
  /** A namespace's texts in a language, if they are loaded. */
  getResourceBundle: (language: string, namespace: string) => loaded.get(bundleKey(language, namespace)),
  /** Loads namespaces in the current language. */
  loadNamespaces: async (namespaces: string | readonly string[]) => {
    await Promise.all((typeof namespaces === 'string' ? [namespaces] : namespaces).map((namespace) => load(current, namespace)));
  },
  /** Switches language once every namespace read so far is loaded in it, then renders again. */
  async changeLanguage(language: Language) {
    const read = new Set([...loaded.keys()].map((key) => key.slice(key.indexOf('/') + 1)));
    await Promise.all([...read].map((namespace) => load(language, namespace)));
    current = language;
    applyToDocument(language);
    storage.set(STORAGE_KEY, language);
    changed();
  },
  t: ((key: string, options?: TranslateOptions) => translate(['common'], key, options)) as Translate,
};

export async function initI18n(language: Language = detectLanguage()) {
  current = language;
  await Promise.all(['common', 'validation'].map((namespace) => load(language, namespace)));
  isInitialized = true;
  applyToDocument(language);
  return i18n;
}

/** Renders `render()` and answers the namespaces its components read (src/prerender.tsx). */
export function collectNamespaces<T>(render: () => T): { result: T; namespaces: string[] } {
  usedNamespaces = new Set();
  try {
    const result = render();
    return { result, namespaces: [...usedNamespaces] };
  } finally {
    usedNamespaces = undefined;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The texts of `namespace` (the first is the default; the rest are searched after it), and `i18n`.
 * While a namespace is still loading in the current language, the component suspends.
 */
export function useTranslation(namespace: string | readonly string[] = 'common') {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  if (usedNamespaces) for (const each of namespaces) usedNamespaces.add(each);
  const missing = namespaces.filter((each) => !loaded.has(bundleKey(current, each)));
  // Suspends as react-i18next did: the nearest Suspense boundary shows its fallback until they load.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (missing.length > 0) throw waitFor(missing);
  return { t: translatorOf(namespaces), i18n };
}

// The same promise for the same wait, whichever component asks.
const waits = new Map<string, Promise<unknown>>();
function waitFor(namespaces: readonly string[]) {
  const key = `${current}:${namespaces.join(',')}`;
  let wait = waits.get(key);
  if (!wait) {
    wait = Promise.all(namespaces.map((each) => load(current, each))).finally(() => waits.delete(key));
    waits.set(key, wait);
  }
  return wait;
}

// One `t` per language and namespaces, so that it stays the same between renders (effects may depend on it).
const translators = new Map<string, Translate>();
function translatorOf(namespaces: readonly string[]) {
  const key = `${current}:${namespaces.join(',')}`;
  let t = translators.get(key);
  if (!t) translators.set(key, (t = ((text: string, options?: TranslateOptions) => translate(namespaces, text, options)) as Translate));
  return t;
}
