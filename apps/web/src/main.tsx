import i18next from 'i18next';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

/** Renders nothing; once the drawn page is hydrated, makes it usable (the server sent it inert). */
function Live({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}

async function start() {
  await initI18n();
  const router = createRouter();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <Live container={container} />
    </StrictMode>
  );
  if (container.hasAttribute('inert')) {
    // A page the server drew (plugins/first-load.ts): with the page's texts and code in, the app's
    // first render is that same page, so React adopts it instead of building it again.
    const texts = document.querySelector<HTMLMetaElement>('meta[name="mihna-texts"]')?.content.split(' ').filter(Boolean) ?? [];
    await Promise.all([i18next.loadNamespaces(texts), routerReady(router)]);
    hydrateRoot(container, app);
    return;
  }
  // Over the plain skeleton, the header and the page's skeleton render at once, as a transition:
  // React renders in slices of a few milliseconds, so a slow phone answers a tap meanwhile.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
