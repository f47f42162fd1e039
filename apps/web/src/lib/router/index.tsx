import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useTransition,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createBrowserHistory, createMemoryHistory, hrefOf, locationOf, type Action, type History, type Location } from './history.ts';
import { createMatcher, safeDecode, type Params, type RouteMatch, type RouteObject } from './match.ts';

export type { Location } from './history.ts';
export type { Params, RouteObject } from './match.ts';

/**
 * The app's router: the route table, the address, and moving between pages (decision 28). A page's code
 * loads before the address changes, so the page the reader is on stays until the next one can be drawn;
 * the address then changes inside a transition, so a page still loading its texts does not blank the screen.
 */
export interface RouterState {
  location: Location;
  action: Action;
  match: RouteMatch | null;
  /** A page's code is loading for the next address. */
  loading: boolean;
  /** Whether the next page starts at the top (false when the search filters rewrite the address). */
  resetScroll: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export interface Router {
  readonly state: RouterState;
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Resolves once the current page's code is in, so it renders at once (and the server's page can be adopted). */
  ready(): Promise<void>;
  /** The scroll position the reader left a history entry at; undefined too where nothing scrolls (tests, the build). */
  scrollOf(key: string): number | undefined;
  readonly scrolls: boolean;
}

const loaded = new WeakMap<RouteObject, { Component?: React.ComponentType; error?: unknown }>();
const loading = new WeakMap<RouteObject, Promise<void>>();

function loadPage(route: RouteObject): Promise<void> | undefined {
  if (!route.page || loaded.has(route)) return undefined;
  let promise = loading.get(route);
  if (!promise) {
    promise = route.page().then(
      (module) => void loaded.set(route, { Component: module.default }),
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, promise);
  }
  return promise;
}

/** Loads the code of every page on a route chain; resolves at once when it is in. */
const loadPages = (match: RouteMatch | null) => Promise.all((match?.routes ?? []).flatMap((route) => loadPage(route) ?? []));
const pagesLoaded = (match: RouteMatch | null) => (match?.routes ?? []).every((route) => !route.page || loaded.has(route));

const SCROLL_STORE = 'mihna.scroll';

function createRouter(routes: RouteObject[], history: History, inBrowser: boolean): Router {
  const match = createMatcher(routes);
  /** The location after any forwards, and its route chain. */
  const resolve = (location: Location) => {
    for (let hops = 0; hops < 8; hops++) {
      const found = match(location.pathname);
      const forward = found?.routes.at(-1)?.redirect;
      if (!found || !forward) return { location, match: found };
      location = locationOf(forward({ params: found.params, search: location.search }), null, location.key);
    }
    throw new Error(`Too many forwards from ${hrefOf(location)}`);
  };

  const scroll = new Map<string, number>(readScroll(inBrowser));
  const first = resolve(history.location);
  if (first.location !== history.location) history.replace(first.location);
  let state: RouterState = { location: first.location, action: 'POP', match: first.match, loading: false, resetScroll: true };
  const listeners = new Set<(state: RouterState) => void>();
  const set = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener(state);
  };

  let latest = 0;
  /** Loads the next page's code, then moves there, unless another navigation began meanwhile. */
  async function go(target: ReturnType<typeof resolve>, action: Action, write: () => void, resetScroll: boolean) {
    const id = ++latest;
    if (inBrowser) scroll.set(state.location.key, window.scrollY);
    if (!pagesLoaded(target.match)) {
      set({ loading: true });
      try {
        await loadPages(target.match);
      } catch {
        // A page's code failed to load (a new release replaced it, or the network dropped): the browser loads the address itself.
        if (inBrowser) window.location.assign(hrefOf(target.location));
        return;
      }
      if (id !== latest) return;
    }
    write();
    set({ location: target.location, action, match: target.match, loading: false, resetScroll });
  }

  history.listen((location) => {
    const target = resolve(location);
    void go(target, 'POP', () => target.location !== location && history.replace(target.location), true);
  });
  if (inBrowser) {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', () => {
      scroll.set(state.location.key, window.scrollY);
      writeScroll(scroll);
    });
  }

  return {
    get state() {
      return state;
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const target = resolve(locationOf(to, options.state ?? null));
      // Following a link to the page one is on replaces it rather than adding the same page to history again.
      const replace = options.replace || hrefOf(target.location) === hrefOf(state.location);
      return go(
        target,
        replace ? 'REPLACE' : 'PUSH',
        () => (replace ? history.replace(target.location) : history.push(target.location)),
        !options.preventScrollReset,
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => loadPages(state.match).then(() => undefined),
    scrollOf: (key) => scroll.get(key),
    scrolls: inBrowser,
  };
}

function readScroll(inBrowser: boolean): [string, number][] {
  if (!inBrowser) return [];
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_STORE) ?? '{}') as Record<string, number>;
    return Object.entries(stored).filter(([, y]) => typeof y === 'number');
  } catch {
    return [];
  }
}

function writeScroll(scroll: Map<string, number>) {
  try {
    // The latest hundred entries are plenty for back and forward.
    sessionStorage.setItem(SCROLL_STORE, JSON.stringify(Object.fromEntries([...scroll].slice(-100))));
  } catch {
    // Storage full or refused: positions are a convenience.
  }
}

export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, createBrowserHistory(), true);

export const createMemoryRouter = (routes: RouteObject[], { initialEntries }: { initialEntries?: string[] } = {}) =>
  createRouter(routes, createMemoryHistory(initialEntries), false);

const RouterContext = createContext<{ router: Router; state: RouterState; pending: boolean } | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('Router hooks are used inside <RouterProvider>');
  return context;
}

/** A page whose code is in (the router loads it before moving there), or is loading on a first render. */
function Page({ route }: { route: RouteObject }) {
  const page = loaded.get(route);
  if (page?.Component) return <page.Component />;
  const promise = loadPage(route);
  // Suspends until the code is in (React renders again then); a page whose code failed shows the page error.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (promise) throw promise.catch((error: unknown) => void loaded.set(route, { error }));
  throw new Error('A page failed to load', { cause: page?.error });
}

function renderMatch(match: RouteMatch | null) {
  let outlet: ReactNode = null;
  if (!match) return outlet;
  for (let i = match.routes.length - 1; i >= 0; i--) {
    const route = match.routes[i]!;
    const element = route.element ?? (route.page ? <Page route={route} /> : outlet);
    outlet = <RouteContext.Provider value={{ outlet, params: match.params }}>{element}</RouteContext.Provider>;
  }
  return outlet;
}

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  const [pending, startNavigation] = useTransition();
  useEffect(() => {
    const unsubscribe = router.subscribe((next) => startNavigation(() => setState(next)));
    if (router.state !== state) startNavigation(() => setState(router.state));
    return unsubscribe;
    // Subscribes once per router; the state it starts from is the first render's.
  }, [router]);
  useScrollOnArrival(router, state);
  const context = useMemo(() => ({ router, state, pending }), [router, state, pending]);
  const page = useMemo(() => renderMatch(state.match), [state.match]);
  return <RouterContext.Provider value={context}>{page}</RouterContext.Provider>;
}

/**
 * Where the page starts once it is drawn: back and forward return to where the reader left it, an
 * address with a #fragment to that element, any other new page to the top.
 */
function useScrollOnArrival(router: Router, { location, action, resetScroll }: RouterState) {
  useLayoutEffect(() => {
    if (!router.scrolls) return;
    // Statements, not returns: Chromium's scroll methods now answer a promise, which React would take for a clean-up.
    const saved = action === 'POP' ? router.scrollOf(location.key) : undefined;
    const target = location.hash ? document.getElementById(safeDecode(location.hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (action !== 'POP' && resetScroll) window.scrollTo(0, 0);
    // Runs once per arrival.
  }, [location.key]);
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

export const useLocation = () => useRouterContext().state.location;
export const useParams = <T extends Params = Params>() => useContext(RouteContext).params as T;

/** 'loading' while the next page's code or texts load, or a change of address is being drawn. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  const { state, pending } = useRouterContext();
  return { state: state.loading || pending ? 'loading' : 'idle' };
}

export function useNavigate() {
  const { router } = useRouterContext();
  return router.navigate;
}

export function useSearchParams() {
  const { router, state } = useRouterContext();
  const search = state.location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useMemo(
    () => (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      void router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, setParams] as const;
}

/** Moves to `to` once drawn (the login guard, pages that forward a signed-in reader). */
export function Navigate({ to, replace, state }: { to: string } & Omit<NavigateOptions, 'preventScrollReset'>) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** Whether a click is the app's to handle: a plain left click on a link that opens in this tab. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((status: { isActive: boolean }) => string) };

/** A link that knows whether the reader is on its page (or, without `end`, below it), for the header's navigation. */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = new URL(props.to, 'http://app.invalid').pathname;
  const isActive = pathname === path || (!end && pathname.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Draws the page at `path` as its first paint, for the build (prerender.tsx); null when the address forwards elsewhere. */
export async function routerAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  if (hrefOf(router.state.location) !== path) return null;
  await router.ready();
  return router;
}
