import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router/index.tsx';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { detectLanguage, i18n, initI18n, storedLanguage, type Language } from './i18n/index.ts';
import { Live } from './app/live.tsx';
import { sessionToken } from './lib/api-client.ts';
import './styles.css';

/** The language of the page the server drew (its choice from the cookie or Accept-Language), if it drew one. */
function drawnLanguage(container: HTMLElement): Language | undefined {
  const language = document.documentElement.lang;
  return container.hasAttribute('inert') && (language === 'en' || language === 'ar') ? language : undefined;
}

async function start() {
  const container = document.getElementById('root')!;
  const drawnIn = drawnLanguage(container);
  // The reader's own choice first; else the server's, so the page it drew is the page the app renders.
  const language = storedLanguage() ?? drawnIn ?? detectLanguage();
  await initI18n(language);
  const router = createRouter();
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <Live />
    </StrictMode>
  );
  // A signed-in reader whose browser dropped the signed-in cookie got the visitors' page: its
  // header does not match theirs, so it is rendered afresh rather than adopted. So is a history entry
  // that carries navigation state (reloading the login page the guard sent one to shows why): the
  // build drew the page without it.
  if (drawnIn === language && sessionToken.read() === null && router.state.location.state === null) {
    // A page the server drew (plugins/first-load.ts), which asked for this code once it had painted:
    // with the page's texts and code in, the app's first render is that same page, so React adopts it
    // instead of building it again.
    const texts = document.querySelector<HTMLMetaElement>('meta[name="mihna-texts"]')?.content.split(' ').filter(Boolean) ?? [];
    await Promise.all([i18n.loadNamespaces(texts), router.ready()]);
    // As a transition, adoption runs in slices of a few milliseconds rather than one long task, so
    // the page stays responsive to a tap while it is adopted.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // Over the plain skeleton, or a page drawn in the other language, the app renders afresh: at once,
  // as a transition (React renders in slices of a few milliseconds, so a slow phone answers a tap meanwhile).
  container.removeAttribute('inert');
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
