import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, Suspense, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, useTranslation } from './index.ts';

// The texts as pages read them: plural forms by language, placeholders, nesting, namespaces, lists,
// whole-sentence keys, and a component that waits for its namespace to load.

describe('texts', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['professionals', 'auth', 'help']);
  });
  afterAll(() => i18n.changeLanguage('en'));

  const withSuspense = ({ children }: { children: ReactNode }) => createElement(Suspense, { fallback: null }, children);

  it('chooses the plural form by count: zero first, then the language’s own forms', async () => {
    const t = (count: number) => i18n.t('professionals:projects_count', { count });
    expect([0, 1, 2, 5].map(t)).toEqual(['No projects', '1 project', '2 projects', '5 projects']);
    await i18n.changeLanguage('ar');
    expect([0, 1, 2, 3, 11, 100].map(t)).toEqual(['لا توجد مشاريع', 'مشروع واحد', 'مشروعان', '3 مشاريع', '11 مشروعًا', '100 مشروع']);
    await i18n.changeLanguage('en');
  });

  it('fills placeholders, reads nested keys and other namespaces, and answers the key when there is no text', () => {
    expect(i18n.t('auth:login.locked_for', { count: 27 })).toBe('Account temporarily locked. You can try again in 27 minutes.');
    expect(i18n.t('professionals:results.count', { count: 3 })).toBe('3 professionals found');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.exists('no.such.key')).toBe(false);
    expect(i18n.exists('results.count_one', { ns: 'professionals' })).toBe(true);
  });

  it('answers a list as it is when asked for objects, and reads a sentence with dots as one key', () => {
    const categories = i18n.t('help:categories', { returnObjects: true });
    expect(typeof categories).toBe('object');
    const sentence = 'Invalid format';
    expect(i18n.t(sentence, { ns: 'validation', keySeparator: false, nsSeparator: false })).toBe('Invalid format');
  });

  it('suspends a component until its namespace loads, then renders it in the language chosen since', async () => {
    const { result } = renderHook(() => useTranslation('earnings'), { wrapper: withSuspense });
    await waitFor(() => expect(result.current).not.toBeNull());
    const key = Object.keys(i18n.getResourceBundle('en', 'earnings') ?? {})[0]!;
    const english = result.current.t(key, { returnObjects: true });
    await act(() => i18n.changeLanguage('ar'));
    expect(i18n.getResourceBundle('ar', 'earnings')).toBeDefined();
    expect(result.current.t(key, { returnObjects: true })).not.toEqual(english);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
