import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * What a first visit to each page needs beyond index.html's own scripts, written to
 * `.vite/first-load.json` for the server to announce in the page it sends (`<link rel=modulepreload>`):
 * the page's chunk with the chunks it imports, and the texts it reads, per language. Without it a
 * phone learns of each only after running the one before (the app, then the page, then its texts).
 *
 *   { "routes": [{ "path": "/professionals/:professionalId", "files": [...], "namespaces": ["professionals"] }],
 *     "texts": { "en": { "common": "assets/common-….js", … }, "ar": { … } } }
 */
export interface FirstLoad {
  /** `public`: open without a login, so the build renders it ahead (prerender.mjs). */
  routes: { path: string; public: boolean; files: string[]; namespaces: string[] }[];
  /** The old spellings the router forwards to a page (/jobs/:jobId): addresses of the app too, for the server's path rule. */
  redirects: string[];
  texts: Record<string, Record<string, string>>;
  /** The site's description in each language (common.json's settings.site_description), for the page's `<meta name="description">`. */
  descriptions: Record<string, string>;
}

// The router's pages, as src/app/router.tsx declares them: `{ path: 'login', ...page(() => import('./routes/login.tsx')) }`.
const routePattern = /\{\s*(?:path: '([^']*)'|index: true),\s*\.\.\.page\(\(\) => import\('([^']+)'\)\)/g;
// Its forwarding routes: `{ path: 'jobs/:jobId', ...redirectTo((params) => …) }` (not the catch-all, which is no address).
const redirectPattern = /\{\s*path: '([^'*]+)',\s*\.\.\.redirectTo\(/g;
// The namespaces a module reads: useTranslation('auth'), useTranslation(['help', 'common']), or a
// page component's namespace="privacy" (prerender.mjs checks the list against what a page reads).
const namespacePattern = /useTranslation\(\s*\[?\s*'([\w-]+)'(?:\s*,\s*'([\w-]+)')?|\bnamespace="([\w-]+)"/g;
const textPattern = /\/src\/i18n\/locales\/(\w+)\/([\w-]+)\.json$/;

export function firstLoad(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'mihna-first-load',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle: OutputBundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));

      const withImports = (chunk: OutputChunk, into = new Set<OutputChunk>()) => {
        if (into.has(chunk)) return into;
        into.add(chunk);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) withImports(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inIndexHtml = entry ? withImports(entry) : new Set<OutputChunk>();

      const namespacesOf = (moduleIds: readonly string[]) =>
        moduleIds.flatMap((id) => {
          const file = id.split('?', 1)[0]!;
          if (!file.startsWith(path.join(root, 'src')) || !/\.tsx?$/.test(file) || !fs.existsSync(file)) return [];
          return [...fs.readFileSync(file, 'utf8').matchAll(namespacePattern)].flatMap((match) => match.slice(1).filter(Boolean));
        });

      const router = fs.readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8');
      // The pages behind a login are the children of the RequireUser element.
      const privateStart = router.indexOf('element: <RequireUser />');
      const privateEnd = router.indexOf('],', privateStart);
      const routes: FirstLoad['routes'] = [];
      for (const match of router.matchAll(routePattern)) {
        const [, routePath, source] = match;
        const chunk = byModule.get(path.join(root, 'src/app', source!));
        if (!chunk) continue;
        const needed = [...withImports(chunk)].filter((item) => !inIndexHtml.has(item));
        const namespaces = new Set(needed.flatMap((item) => namespacesOf(item.moduleIds)));
        namespaces.delete('common');
        // The staff console is drawn in the browser, where its own session is (never ahead, for visitors).
        const isPrivate = routePath === 'admin' || (privateStart !== -1 && match.index > privateStart && match.index < privateEnd);
        routes.push({
          path: `/${routePath ?? ''}`,
          public: !isPrivate,
          files: needed.map((item) => item.fileName),
          namespaces: [...namespaces].sort(),
        });
      }

      const texts: FirstLoad['texts'] = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId && textPattern.exec(chunk.facadeModuleId);
        if (match) (texts[match[1]!] ??= {})[match[2]!] = chunk.fileName;
      }

      const redirects = [...router.matchAll(redirectPattern)].map(([, routePath]) => `/${routePath}`);
      const descriptions: FirstLoad['descriptions'] = {};
      for (const language of Object.keys(texts)) {
        const common = JSON.parse(fs.readFileSync(path.join(root, 'src/i18n/locales', language, 'common.json'), 'utf8')) as {
          settings?: { site_description?: string };
        };
        if (common.settings?.site_description) descriptions[language] = common.settings.site_description;
      }
      const firstLoad: FirstLoad = { routes, redirects, texts, descriptions };
      this.emitFile({ type: 'asset', fileName: '.vite/first-load.json', source: `${JSON.stringify(firstLoad, null, 2)}\n` });
    },
  };
}
