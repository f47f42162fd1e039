import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, routerAt } from './lib/router/index.tsx';
import { Live } from './app/live.tsx';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { collectNamespaces, i18n, initI18n, namespacesOf, type Language } from './i18n/index.ts';

/**
 * A public page as its first paint, rendered at build time (apps/web/prerender.mjs): the header, the
 * footer and the page itself in one language, with what comes from the API in its loading state. The
 * server sends it inside #root, so a phone paints the page before any script has run; the app then
 * renders the same page in its place.
 */
export async function prerender(path: string, language: Language): Promise<{ html: string; namespaces: string[] }> {
  if (!i18n.isInitialized) await initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespacesOf(language));
  const router = await routerAt(routes, path);
  if (!router) throw new Error(`${path} forwards elsewhere instead of drawing a page`);
  // The namespaces this page's components read, which the page announces so a phone loads them at once.
  const { result: html, namespaces } = collectNamespaces(() =>
    renderToString(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
        <Live />
      </StrictMode>,
    ),
  );
  return { html, namespaces };
}
