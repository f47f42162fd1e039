import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

// The first render as a transition: React renders the page in slices of a few milliseconds instead
// of one long task, so a slow phone answers a tap while the page is still being built.
void initI18n().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  });
});
