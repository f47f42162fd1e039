import clsx from 'clsx';
import { Menu, MapPin, Plus, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, NavLink, useLocation } from '../../lib/router/index.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession, type SessionUser } from '../../lib/session.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { CountrySelect } from './country-select.tsx';
import { Brand } from '../../components/ui/logo.tsx';

// Loaded once someone is signed in: its menu (Radix, Floating UI) is a third of the first bundle's
// libraries and visitors never see it.
const LazyNotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications/components/notification-bell.tsx')).NotificationBell,
}));

const loadMessaging = () => import('../../features/messages/components/messages-link.tsx');
const LazyMessagesLink = lazy(async () => ({ default: (await loadMessaging()).MessagesLink }));
const LazyMessagingLive = lazy(async () => ({ default: (await loadMessaging()).MessagingLive }));

/** The messages link and the bell in their places (36 px each, as drawn) while their code loads, so the header does not move. */
function SignedInIcons({ userId }: { userId: string }) {
  return (
    <>
      <Suspense fallback={<span className="inline-block size-9" aria-hidden="true" />}>
        <LazyMessagesLink userId={userId} />
      </Suspense>
      <Suspense fallback={<span className="inline-block size-9" aria-hidden="true" />}>
        <LazyNotificationBell userId={userId} />
      </Suspense>
    </>
  );
}

/** The user's city and emirate if set, else the emirate, else all projects. */
export function nearbyProjectsHref(user: Pick<SessionUser, 'emirate' | 'city'> | null): string {
  if (user?.emirate) return paths.projects({ emirate: user.emirate, city: user.city ?? undefined });
  return paths.projects();
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'whitespace-nowrap rounded-md px-3 py-2 xl:px-2 text-sm font-medium transition-colors',
    isActive ? 'text-primary-strong' : 'text-slate-700 hover:text-slate-950',
  );

function AccountActions({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  if (user) {
    return (
      <div className={clsx('flex', stacked ? 'flex-col items-stretch gap-2' : 'items-center gap-1')}>
        <Button asChild variant="ghost" size="sm" className="whitespace-nowrap">
          <Link to={paths.dashboard}>{t('header.dashboard')}</Link>
        </Button>
        {user.role === 'professional' ? (
          <Button asChild variant="ghost" size="sm" className="whitespace-nowrap">
            <Link to={paths.earnings}>{t('header.earnings')}</Link>
          </Button>
        ) : null}
        {stacked ? null : <SignedInIcons userId={user.id} />}
        <span className="whitespace-nowrap px-1 text-sm leading-tight">
          <span className="block font-semibold text-slate-900">
            {user.first_name} {user.last_name}
          </span>
          <span className="block text-xs text-slate-500">{t(`header.roles.${user.role}`)}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={signOut} className="whitespace-nowrap">
          {t('header.logout')}
        </Button>
      </div>
    );
  }
  return (
    <div className={clsx('flex gap-2', stacked ? 'flex-col items-stretch' : 'items-center')}>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login}>{t('header.login')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.register()}>{t('header.sign_up')}</Link>
      </Button>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!isMenuOpen) return;
    menu.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  const links = (compact: boolean) => (
    <>
      <NavLink to={paths.projects()} className={navLinkClass} end>
        {t('header.find_projects')}
      </NavLink>
      <NavLink to={paths.professionals} className={navLinkClass}>
        {t('header.find_professionals')}
      </NavLink>
      {user?.role === 'employer' ? (
        <NavLink to={paths.postJob} className={navLinkClass}>
          <span className="flex items-center gap-1">
            <Plus className="size-4" aria-hidden="true" />
            {t('header.post_project')}
          </span>
        </NavLink>
      ) : null}
      <Link
        to={nearbyProjectsHref(user)}
        title={t('header.nearby_projects')}
        className="flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 xl:px-2 text-sm font-medium text-slate-700 hover:text-slate-950"
      >
        <MapPin className="size-4 text-secondary-strong" aria-hidden="true" />
        {/* Beside the desktop header's other links the label waits for a wide screen; the icon and its title stay. */}
        <span className={compact ? 'sr-only 2xl:not-sr-only' : undefined}>{t('header.nearby_projects')}</span>
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {user ? (
        <Suspense fallback={null}>
          <LazyMessagingLive userId={user.id} />
        </Suspense>
      ) : null}
      <Container isWide className="flex h-16 items-center gap-3">
        {/* The brand gives way to the header's buttons: a long slogan set in the console is cut, never pushes them off a phone. */}
        <Link to={paths.home} className="min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
          <Brand />
        </Link>
        <nav aria-label={t('header.main_navigation')} className="hidden items-center gap-1 xl:flex">
          {links(true)}
        </nav>
        <div className="ms-auto hidden items-center gap-1 xl:flex">
          <CountrySelect className="w-48" />
          <LanguageSwitch />
          <AccountActions />
        </div>
        <div className="ms-auto flex items-center gap-1 xl:hidden">
          {user ? <SignedInIcons userId={user.id} /> : null}
          <LanguageSwitch />
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? t('header.close_menu') : t('header.open_menu')}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            {isMenuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </Container>
      {isMenuOpen ? (
        <div id="mobile-menu" ref={menu} className="border-t border-slate-200 bg-white xl:hidden">
          <Container className="flex flex-col gap-1 py-4">
            <nav aria-label={t('header.main_navigation')} className="flex flex-col">
              {links(false)}
            </nav>
            <CountrySelect className="my-2 block" />
            <AccountActions stacked />
          </Container>
        </div>
      ) : null}
    </header>
  );
}
