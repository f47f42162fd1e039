import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { Outlet, useLocation } from '../lib/router/index.tsx';
import { Button } from '../components/ui/button.tsx';
import { DocumentDescription } from './layout/document-description.tsx';
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
      <DocumentDescription />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so it never jumps while the page loads. */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

function PageError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t('page_error.title')}</h1>
      <p className="text-slate-600">{t('page_error.detail')}</p>
      <Button onClick={() => window.location.reload()}>{t('page_error.reload')}</Button>
    </div>
  );
}

/**
 * A page that fails to draw (its code did not arrive, a bug) shows why instead of blanking the whole app;
 * another page starts afresh. Not keyed by the address, so a search rewriting its query keeps its page.
 */
class PageBoundary extends Component<{ children: ReactNode; at: string }, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };
  static getDerivedStateFromError = () => ({ failed: true });
  static getDerivedStateFromProps = (props: { at: string }, state: { failed: boolean; at: string }) =>
    props.at === state.at ? null : { failed: false, at: props.at };
  override render = () => (this.state.failed ? <PageError /> : this.props.children);
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <Shell>
      <PageBoundary at={pathname}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </PageBoundary>
    </Shell>
  );
}
