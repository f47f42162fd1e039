import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { PageSkeleton } from '../components/ui/page-skeleton.tsx';

/** The frame of every page: skip link, header, the page, footer. */
function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Pinned to the start edge while hidden: an unpinned sr-only element sits at its static place, which in
    // right-to-left pages is off the left edge and widens the page.
    <div className="relative flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only start-0 top-0 focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skip_to_content')}
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so it never jumps while the page loads. */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function RootLayout() {
  return (
    <Shell>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </Shell>
  );
}
