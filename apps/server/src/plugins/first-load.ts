import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the web build wrote to `.vite/first-load.json` (apps/web/first-load.ts). */
interface FirstLoad {
  routes: { path: string; files: string[]; namespaces: string[] }[];
  /** The old spellings the app forwards to a page (/jobs/:jobId); absent from builds before they were listed. */
  redirects?: string[];
  texts: Record<string, Record<string, string>>;
  /** The site's description per language, for `<meta name="description">`; absent from builds before it was listed. */
  descriptions?: Record<string, string>;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The public pages the web build rendered ahead (apps/web/prerender.mjs): path → language → #root's content. */
type Prerendered = Record<string, Partial<Record<string, string>>>;

const readJson = <T>(file: string, otherwise: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : otherwise);

type Language = 'en' | 'ar';

/** A cookie's value from the request's Cookie header. */
export const cookieOf = (headers: IncomingHttpHeaders, name: string) =>
  (headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * The reader's language as the web app will choose it: the one they picked (the app keeps it in the
 * `mihna.language` cookie as well as in the browser, apps/web/src/i18n/index.ts), else Arabic when
 * the browser's first language is Arabic.
 */
export function languageOf(headers: IncomingHttpHeaders): Language {
  const chosen = cookieOf(headers, 'mihna.language');
  if (chosen === 'en' || chosen === 'ar') return chosen;
  return /^\s*ar\b/i.test(headers['accept-language'] ?? '') ? 'ar' : 'en';
}

/** The web app's hint that this browser holds a session (apps/web/src/lib/api-client.ts); never the token. */
export const isSignedIn = (headers: IncomingHttpHeaders) => cookieOf(headers, 'mihna.signed_in') === '1';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('')}/?$`,
  );

/**
 * Whether a path is one of the web app's own addresses: a page of its router, or an old spelling it forwards to one
 * (its catch-all, which sends any other path home, is not an address). False for every path without a built app.
 */
export function readPagePaths(webRoot: string | undefined): (urlPath: string) => boolean {
  if (!webRoot || !fs.existsSync(path.join(webRoot, 'index.html'))) return () => false;
  const firstLoad = readJson<Partial<FirstLoad>>(path.join(webRoot, '.vite', 'first-load.json'), {});
  const patterns = [...(firstLoad.routes ?? []).map((route) => route.path), ...(firstLoad.redirects ?? [])].map(patternOf);
  return (urlPath) => patterns.some((pattern) => pattern.test(urlPath));
}

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
 * The one script a drawn page carries inline: it asks for the app's code once the page has painted
 * (the next frame), or at once in a tab that is not shown, where no frame comes. The page is readable
 * without its code, which only makes it work; fetched beside the page, the code competed with it and
 * the fonts for a phone's bandwidth, and Lighthouse's simulation counted all of it as on the way to
 * the first paint (decision 23). `data-code` lists the entry first, then the chunks it will import.
 */
export const AFTER_PAINT_SCRIPT =
  "(()=>{const s=document.currentScript,[entry,...chunks]=s.dataset.code.split(' ');let done=false;" +
  "const load=()=>{if(done)return;done=true;for(const href of chunks){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}" +
  "const m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=entry;document.head.append(m)};" +
  'if(document.hidden)load();else{requestAnimationFrame(()=>setTimeout(load));setTimeout(load,1000)}})()';

/** The Content-Security-Policy source that lets that script, and no other inline one, run. */
export const AFTER_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/**
 * index.html as each first visit needs it: in the reader's language and direction, announcing the
 * page's chunks and texts (`<link rel=modulepreload>`) so they download beside the app instead of
 * one after another, and naming the texts (`<meta name="mihna-texts">`) so the app loads them before
 * it hydrates the page. A public page comes already drawn inside #root when the build rendered it and
 * the site looks as it was built (`withPage`: the interface settings are the defaults; staff-made
 * names and colours would otherwise flash in after the built ones). Pages are made and compressed
 * once per route, language and look.
 */
export function createFirstLoadPages(webRoot: string) {
  // The stylesheet goes inside the page: a phone paints as soon as the page arrives, without a
  // second round trip before the first paint (the styles are 8 KB compressed). The build's script and
  // announcements come out of the head: each page puts its code back as it loads it (below).
  const appCode: string[] = [];
  const shell = fs
    .readFileSync(path.join(webRoot, 'index.html'), 'utf8')
    .replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (link, file: string) => {
      const stylesheet = path.join(webRoot, file);
      return fs.existsSync(stylesheet) ? `<style>${fs.readFileSync(stylesheet, 'utf8')}</style>` : link;
    })
    .replace(
      /<(?:script type="module"[^>]* src="([^"]+)"><\/script>|link rel="modulepreload"[^>]* href="([^"]+)">)\s*/g,
      (_, entry?: string, chunk?: string) => {
        if (entry) appCode.unshift(entry);
        else if (chunk) appCode.push(chunk);
        return '';
      },
    );
  const firstLoad = readJson<FirstLoad>(path.join(webRoot, '.vite', 'first-load.json'), { routes: [], texts: {} });
  const prerendered = readJson<Prerendered>(path.join(webRoot, '.vite', 'prerendered.json'), {});
  const routes = firstLoad.routes.map((route) => ({ ...route, pattern: patternOf(route.path) }));
  const pages = new Map<string, Page>();

  return function pageFor(urlPath: string, language: Language, { withPage }: { withPage: boolean }): Page {
    const route = routes.find((candidate) => candidate.pattern.test(urlPath));
    const drawn = withPage && route ? prerendered[route.path]?.[language] : undefined;
    const key = `${route?.path ?? ''} ${language} ${drawn === undefined ? 'skeleton' : 'drawn'}`;
    let page = pages.get(key);
    if (page === undefined) {
      const texts = firstLoad.texts[language] ?? {};
      // The entry first, then every chunk it will import: the build's, the page's texts and its own.
      const [entry, ...chunks] = [
        ...appCode,
        ...[
          ...['common', 'validation', ...(route?.namespaces ?? [])].flatMap((namespace) => texts[namespace] ?? []),
          ...(route?.files ?? []),
        ].map((file) => `/${file}`),
      ];
      const textsMeta = `<meta name="mihna-texts" content="${(route?.namespaces ?? []).join(' ')}">`;
      let html = shell.replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      // The description in the page's language too, for search results and link previews (the app keeps it so).
      const description = firstLoad.descriptions?.[language];
      if (description)
        html = html.replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_, start: string, end: string) => `${start}${escapeAttribute(description)}${end}`,
        );
      if (drawn === undefined) {
        // The skeleton needs its code to draw anything: the head announces all of it, so it downloads side by side.
        const script = entry ? `<script type="module" crossorigin src="${entry}"></script>` : '';
        const links = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`).join('');
        html = html.replace('</head>', `${textsMeta}${script}${links}</head>`);
      } else {
        // A drawn page asks for its code once it has painted (AFTER_PAINT_SCRIPT). Drawn but not yet
        // working, nothing in it can be focused, typed into, pressed or sent (inert) before the app hydrates it.
        html = html
          .replace('</head>', `${textsMeta}</head>`)
          .replace(
            /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
            (_, end: string) =>
              `<div id="root" inert>${drawn}</div><script data-code="${[entry, ...chunks].join(' ')}">${AFTER_PAINT_SCRIPT}</script>${end}`,
          );
      }
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

/**
 * What a page the build could not draw (it has a parameter) fetches first, announced in a `Link` header
 * so the browser fetches it beside the app's code instead of after it: a profile's data for a visitor.
 * The addresses are the web app's (`apiPaths` in apps/web/src/lib/paths.ts); a signed-in reader's app
 * asks with its token, which a preload without it would not answer, so they get none.
 */
const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const firstData: [RegExp, (id: string) => string][] = [
  [new RegExp(`^/professionals/${uuid}/?$`, 'i'), (expert) => `/api/experts/${expert}/profile`],
  [new RegExp(`^/employers/${uuid}/?$`, 'i'), (employer) => `/api/employers/${employer}/profile`],
];

export function firstDataLink(urlPath: string, headers: IncomingHttpHeaders): string | undefined {
  if (isSignedIn(headers)) return undefined;
  for (const [pattern, apiPath] of firstData) {
    const id = pattern.exec(urlPath)?.[1];
    if (id) return `<${apiPath(id.toLowerCase())}>; rel=preload; as=fetch; crossorigin`;
  }
  return undefined;
}
