import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

/** Resolves once the router has loaded the first page's code (its routes load lazily). */
function routerReady(router: ReturnType<typeof createRouter>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start() {
  await initI18n();
  const router = createRouter();
  // Over a page the server drew (plugins/first-load.ts), the page's texts and code come before the
  // first render, so it is replaced by the same page, never by a loading skeleton. Over the plain
  // skeleton, the header and the page's skeleton render at once.
  if (document.querySelector('#root > fieldset[inert]')) {
    const texts = document.querySelector<HTMLMetaElement>('meta[name="mihna-texts"]')?.content.split(' ').filter(Boolean) ?? [];
    await Promise.all([i18next.loadNamespaces(texts), routerReady(router)]);
  }
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders the page in slices of a few milliseconds instead
  // of one long task, so a slow phone answers a tap while the page is still being built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void start();
