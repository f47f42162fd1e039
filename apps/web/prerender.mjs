// The public pages rendered ahead, at build time, in both languages: `vite build --ssr src/prerender.tsx`
// leaves the renderer in .ssr; this renders every public page without a parameter in its path (the
// routes of dist/.vite/first-load.json) and writes dist/.vite/prerendered.json, which the server puts
// inside #root of the page it sends (apps/server/src/plugins/first-load.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = import.meta.dirname;
const ssrDirectory = path.join(root, '.ssr');
const { prerender } = await import(pathToFileURL(path.join(ssrDirectory, 'prerender.js')).href);
const firstLoad = JSON.parse(fs.readFileSync(path.join(root, 'dist/.vite/first-load.json'), 'utf8'));

const pages = {};
for (const route of firstLoad.routes) {
  if (!route.public || route.path.includes(':')) continue;
  for (const language of ['en', 'ar']) {
    const { html, namespaces } = await prerender(route.path, language);
    // A page that rendered nothing of its own (a redirect, a failure) is left to the app.
    if (/<main[^>]*>\s*<\/main>/.test(html)) throw new Error(`${route.path} (${language}) rendered an empty page`);
    // The server announces, and the app loads before hydrating, the texts first-load.ts found for the
    // page: one it missed would leave the page suspended while the app takes it over.
    const missed = namespaces.filter((namespace) => !['common', 'validation', ...route.namespaces].includes(namespace));
    if (missed.length > 0) throw new Error(`${route.path} reads ${missed.join(', ')}, which first-load.ts did not find for it`);
    (pages[route.path] ??= {})[language] = html;
  }
}
fs.writeFileSync(path.join(root, 'dist/.vite/prerendered.json'), JSON.stringify(pages));
fs.rmSync(ssrDirectory, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(pages).length} pages in English and Arabic`);
