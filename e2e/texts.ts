import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export type Language = 'en' | 'ar';

const localesDirectory = path.resolve('apps/web/src/i18n/locales');

/**
 * The screens' words in one language, read from the web app's own translation files, so a journey in
 * Arabic looks for exactly what an Arabic reader sees: text('projects', 'post.fields.title').
 */
export function textsIn(language: Language) {
  const cache = new Map<string, unknown>();
  return (namespace: string, key: string, values: Record<string, string | number> = {}): string => {
    if (!cache.has(namespace)) {
      cache.set(namespace, JSON.parse(fs.readFileSync(path.join(localesDirectory, language, `${namespace}.json`), 'utf8')));
    }
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], cache.get(namespace));
    if (typeof found !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

/** A server message as the screens show it in `language` (validation.json is keyed by the English sentence, dots and all). */
export function serverMessageIn(language: Language, english: string): string {
  const messages = JSON.parse(fs.readFileSync(path.join(localesDirectory, language, 'validation.json'), 'utf8')) as Record<string, string>;
  const found = messages[english];
  if (!found) throw new Error(`no ${language} text for the server message "${english}"`);
  return found;
}

/** Opens the site in this language for the rest of the page's life. */
export async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => window.localStorage.setItem('mihna.language', chosen), language);
}

/**
 * The tag that also runs a journey at phone width (the phone project greps for it). Journeys made in
 * both languages take the phone in Arabic, right to left, where a narrow screen breaks most easily; in
 * English they run at desktop width only, which keeps the run within its time.
 */
export const phoneInArabic = (language: Language) => (language === 'ar' ? ' @phone' : '');
