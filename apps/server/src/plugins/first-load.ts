import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the web build wrote to `.vite/first-load.json` (apps/web/first-load.ts). */
interface FirstLoad {
  routes: { path: string; files: string[]; namespaces: string[] }[];
  texts: Record<string, Record<string, string>>;
}

type Language = 'en' | 'ar';

/** The cookie the web app keeps the reader's language in (apps/web/src/i18n/index.ts). */
export const LANGUAGE_COOKIE = 'mihna.language';

/**
 * The reader's language as the web app will choose it: the one they picked (kept in a cookie as well
 * as in the browser), else Arabic when the browser's first language is Arabic.
 */
export function languageOf(headers: IncomingHttpHeaders): Language {
  const cookie = /(?:^|;\s*)mihna\.language=(en|ar)(?:;|$)/.exec(headers.cookie ?? '');
  if (cookie) return cookie[1] as Language;
  return /^\s*ar\b/i.test(headers['accept-language'] ?? '') ? 'ar' : 'en';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('')}/?$`,
  );

interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The page as the browser accepts it: brotli, gzip or plain. */
export function encodedPage(page: Page, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  if (/\bbr\b/.test(acceptEncoding ?? '')) return { body: page.br, encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.html };
}

/**
 * index.html as each first visit needs it: in the reader's language and direction, announcing the
 * page's chunks and texts (`<link rel=modulepreload>`) so they download beside the app instead of
 * one after another. Pages are made and compressed once per route and language.
 */
export function createFirstLoadPages(webRoot: string) {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestPath = path.join(webRoot, '.vite', 'first-load.json');
  const firstLoad: FirstLoad = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as FirstLoad)
    : { routes: [], texts: {} };
  const routes = firstLoad.routes.map((route) => ({ ...route, pattern: patternOf(route.path) }));
  const pages = new Map<string, Page>();

  return function pageFor(urlPath: string, language: Language): Page {
    const route = routes.find((candidate) => candidate.pattern.test(urlPath));
    const key = `${route?.path ?? ''} ${language}`;
    let page = pages.get(key);
    if (page === undefined) {
      const texts = firstLoad.texts[language] ?? {};
      const files = [
        ...['common', 'validation', ...(route?.namespaces ?? [])].flatMap((namespace) => texts[namespace] ?? []),
        ...(route?.files ?? []),
      ];
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const html = indexHtml
        .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
        .replace('</head>', `${links}</head>`);
      page = {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      pages.set(key, page);
    }
    return page;
  };
}
