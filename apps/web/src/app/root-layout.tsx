import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skip_to_content')}
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-[50vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
