import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
  type AnchorHTMLAttributes,
  type ComponentType,
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

const loaded = new WeakMap<RouteObject, ComponentType>();
const loading = new WeakMap<RouteObject, Promise<void>>();
/** Why a page's code did not load, until the next attempt (the next visit to it tries again). */
const failed = new WeakMap<RouteObject, unknown>();

function loadPage(route: RouteObject): Promise<void> | undefined {
  if (!route.page || loaded.has(route)) return undefined;
  let promise = loading.get(route);
  if (!promise) {
    failed.delete(route);
    promise = route
      .page()
      .then(
        (module) => void loaded.set(route, module.default),
        (error: unknown) => {
          failed.set(route, error);
          throw error;
        },
      )
      .finally(() => loading.delete(route));
    loading.set(route, promise);
  }
  return promise;
}

/** Loads the code of every page on a route chain; resolves at once when it is in. */
const loadPages = (match: RouteMatch | null) => Promise.all((match?.routes ?? []).flatMap((route) => loadPage(route) ?? []));
const pagesLoaded = (match: RouteMatch | null) => (match?.routes ?? []).every((route) => !route.page || loaded.has(route));

const SCROLL_STORE = 'mihna.scroll';

/** An address outside the app (another site, `mailto:`): the browser goes there itself. */
const isExternal = (to: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);
/** The only outside addresses `navigate` goes to: never `javascript:` or `data:`. */
const isSafeExternal = (to: string) => /^(https?:|mailto:|tel:|\/\/)/i.test(to);

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
        // A page's code failed to load (a new release replaced it, or the network dropped): the browser
        // loads the address itself, unless the reader has gone elsewhere meanwhile.
        if (id !== latest) return;
        set({ loading: false });
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
      if (isExternal(to)) {
        if (inBrowser && isSafeExternal(to)) window.location.assign(to);
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
    // Settles either way: a page whose code failed shows the page error when drawn.
    ready: () =>
      loadPages(state.match).then(
        () => undefined,
        () => undefined,
      ),
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

// Separate contexts, so a page that reads the address does not render again while the next page's
// code loads (a guard's <Navigate> would otherwise navigate again on each of those renders).
const RouterContext = createContext<Router | null>(null);
const LocationContext = createContext<Location | null>(null);
const NavigationContext = createContext<'idle' | 'loading'>('idle');
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks are used inside <RouterProvider>');
  return router;
}

/** A page whose code is in (the router loads it before moving there), or is loading on a first render. */
function Page({ route }: { route: RouteObject }) {
  const Loaded = loaded.get(route);
  if (Loaded) return <Loaded />;
  if (failed.has(route)) throw new Error('A page failed to load', { cause: failed.get(route) });
  // Suspends until the code is in or has failed; React then renders again.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw loadPage(route)?.catch(() => undefined);
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
  // Subscribes once per router, and takes up any change made between the first render and now.
  useEffect(() => {
    const unsubscribe = router.subscribe((next) => startNavigation(() => setState(next)));
    if (router.state !== state) startNavigation(() => setState(router.state));
    return unsubscribe;
  }, [router]);
  useScrollOnArrival(router, state);
  const page = useMemo(() => renderMatch(state.match), [state.match]);
  return (
    <RouterContext.Provider value={router}>
      <LocationContext.Provider value={state.location}>
        <NavigationContext.Provider value={state.loading || pending ? 'loading' : 'idle'}>{page}</NavigationContext.Provider>
      </LocationContext.Provider>
    </RouterContext.Provider>
  );
}

/** How long a #fragment's element may take to appear, drawn once its page's data has loaded. */
const FRAGMENT_WAIT_MS = 10_000;
const READER_SCROLLS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/**
 * Calls `found` with the element once it is in the document, unless the reader starts scrolling or
 * the wait runs out first; answers the function that stops waiting.
 */
function whenElementAppears(id: string, found: (element: HTMLElement) => void): () => void {
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    found(element);
  });
  const timer = window.setTimeout(stop, FRAGMENT_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  }
  // New elements, and an id given to one already drawn (React keeps an element whose type stays).
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['id'] });
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Where the page starts once it is drawn: back and forward return to where the reader left it, an
 * address with a #fragment to that element (when the page draws it later, from data it loads, as soon
 * as it appears), any other new page to the top.
 */
function useScrollOnArrival(router: Router, { location, action, resetScroll }: RouterState) {
  useLayoutEffect(() => {
    if (!router.scrolls) return;
    // Statements, not returns: Chromium's scroll methods now answer a promise, which React would take for a clean-up.
    const saved = action === 'POP' ? router.scrollOf(location.key) : undefined;
    const id = location.hash ? safeDecode(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else {
      if (action !== 'POP' && resetScroll) window.scrollTo(0, 0);
      if (id && action !== 'POP')
        return whenElementAppears(id, (element) => {
          element.scrollIntoView();
        });
    }
  }, [location.key]); // once per arrival
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation() {
  const location = useContext(LocationContext);
  if (!location) throw new Error('Router hooks are used inside <RouterProvider>');
  return location;
}
export const useParams = <T extends Params = Params>() => useContext(RouteContext).params as T;

/** 'loading' while the next page's code or texts load, or a change of address is being drawn. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  return { state: useContext(NavigationContext) };
}

export const useNavigate = () => useRouter().navigate;

export function useSearchParams() {
  const router = useRouter();
  const { search } = useLocation();
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
  // Once per mount (StrictMode's second run included): what it was drawn with decides where it goes.
  const gone = useRef(false);
  useEffect(() => {
    if (gone.current) return;
    gone.current = true;
    void navigate(to, { replace, state });
  });
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
        if (!isPlainClick(event, target) || isExternal(to)) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((status: { isActive: boolean }) => string) };

/** A link that knows whether the reader is on its page (or, without `end`, below it), for the header's navigation. */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const pathname = useLocation().pathname.toLowerCase();
  const path = locationOf(props.to).pathname.toLowerCase();
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
