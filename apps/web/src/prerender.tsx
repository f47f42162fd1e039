import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The namespaces this page's components read, which the page announces so a phone loads them at once.
  const { result: html, namespaces } = collectNamespaces(() =>
    renderToString(
      <StrictMode>
        <Providers>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
        <Live />
      </StrictMode>,
    ),
  );
  return { html, namespaces };
}
