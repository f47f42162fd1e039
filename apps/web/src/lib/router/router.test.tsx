import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  routerAt,
  useLocation,
  useNavigation,
  useParams,
  useSearchParams,
  type RouteObject,
  type Router,
} from './index.tsx';

/** A page's code that arrives when the test says so. */
function deferredPage(text: string) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const Page: ComponentType = () => <h1>{text}</h1>;
  const promise = new Promise<{ default: ComponentType }>((resolve, reject) => {
    arrive = () => resolve({ default: Page });
    fail = reject;
  });
  return {
    load: () => {
      calls++;
      return promise;
    },
    arrive: () => act(async () => arrive()),
    fail: (error: Error) => act(async () => fail(error)),
    calls: () => calls,
  };
}

function Where() {
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {navigation.state}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent;

function renderRouter(routes: RouteObject[], at: string) {
  const router = createMemoryRouter([{ element: <Layout />, children: routes }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  override render = () => (this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children);
}

function Layout() {
  return (
    <>
      <Where />
      <Boundary>
        <Suspense fallback={<p>skeleton</p>}>
          <Outlet />
        </Suspense>
      </Boundary>
    </>
  );
}

const go = (router: Router, to: string | number, options?: Parameters<Router['navigate']>[1]) =>
  act(async () => {
    await router.navigate(to, options);
  });

afterEach(cleanup);

describe('router', () => {
  it('forwards before anything renders, keeping the query', () => {
    const router = renderRouter(
      [
        { path: 'jobs/:id', redirect: ({ params, search }) => `/projects/${params.id}${search}` },
        { path: 'projects/:id', element: <h1>project</h1> },
        { path: '*', redirect: () => '/' },
        { index: true, element: <h1>home</h1> },
      ],
      '/jobs/7?tab=proposals',
    );
    expect(router.state.location.pathname + router.state.location.search).toBe('/projects/7?tab=proposals');
    expect(screen.getByRole('heading').textContent).toBe('project');
  });

  it('keeps the current page until the next page’s code is in, then moves', async () => {
    const next = deferredPage('next page');
    const router = renderRouter(
      [
        { index: true, element: <h1>home</h1> },
        { path: 'next', page: next.load },
      ],
      '/',
    );
    const moving = act(async () => {
      await router.navigate('/next');
    });
    await act(async () => {});
    expect(where()).toBe('/ loading');
    expect(screen.getByRole('heading').textContent).toBe('home');
    await next.arrive();
    await moving;
    expect(where()).toBe('/next idle');
    expect(screen.getByRole('heading').textContent).toBe('next page');
  });

  it('drops a navigation overtaken by a later one', async () => {
    const slow = deferredPage('slow');
    const router = renderRouter(
      [
        { index: true, element: <h1>home</h1> },
        { path: 'slow', page: slow.load },
        { path: 'fast', element: <h1>fast</h1> },
      ],
      '/',
    );
    const first = router.navigate('/slow');
    await go(router, '/fast');
    await slow.arrive();
    await act(() => first);
    expect(where()).toBe('/fast idle');
    await go(router, -1);
    expect(where()).toBe('/ idle');
  });

  it('renders a page on the first visit once its code is in (ready), without a fallback', async () => {
    const page = deferredPage('drawn');
    const routes: RouteObject[] = [{ path: 'drawn', page: page.load }];
    const ready = routerAt(routes, '/drawn');
    await page.arrive();
    const router = (await ready)!;
    render(
      <Suspense fallback={<p>skeleton</p>}>
        <RouterProvider router={router} />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('drawn');
    expect(
      await routerAt(
        [
          { path: 'a', redirect: () => '/b' },
          { path: 'b', element: null },
        ],
        '/a',
      ),
    ).toBeNull();
  });

  it('shows the fallback while a first page loads, and an error when its code fails', async () => {
    const page = deferredPage('never');
    // React reports the error it hands to the boundary.
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRouter([{ path: 'broken', page: page.load }], '/broken');
    expect(screen.getByText('skeleton')).toBeTruthy();
    await page.fail(new Error('chunk gone'));
    expect(screen.getByRole('alert').textContent).toBe('A page failed to load');
    report.mockRestore();
  });

  it('moves back and forward through history, and a link to the page one is on adds no entry', async () => {
    const router = renderRouter(
      [
        { index: true, element: <Link to="/a">to a</Link> },
        { path: 'a', element: <Link to="/a">again</Link> },
      ],
      '/',
    );
    fireEvent.click(screen.getByText('to a'));
    await act(async () => {});
    expect(where()).toBe('/a idle');
    fireEvent.click(screen.getByText('again'));
    await act(async () => {});
    await go(router, -1);
    expect(where()).toBe('/ idle');
    expect(router.state.action).toBe('POP');
    await go(router, 1);
    expect(where()).toBe('/a idle');
  });

  it('leaves a modified or new-tab click, and a link to another site, to the browser', async () => {
    renderRouter(
      [
        {
          index: true,
          element: (
            <>
              <Link to="/a">plain</Link>
              <Link to="/a" target="_blank">
                new tab
              </Link>
              <Link to="https://example.com/a">elsewhere</Link>
            </>
          ),
        },
        { path: 'a', element: <h1>a</h1> },
      ],
      '/',
    );
    const link = screen.getByText('plain');
    expect(link.getAttribute('href')).toBe('/a');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('new tab'))).toBe(true);
    expect(fireEvent.click(screen.getByText('elsewhere'))).toBe(true);
    await act(async () => {});
    expect(where()).toBe('/ idle');
  });

  it('marks the navigation link of the page one is on, and below it unless `end`', () => {
    const links = (
      <>
        <NavLink to="/projects" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          projects
        </NavLink>
        <NavLink to="/professionals" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          professionals
        </NavLink>
      </>
    );
    renderRouter([{ path: '*', element: links }], '/professionals/7');
    expect(screen.getByText('professionals').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('professionals').className).toBe('on');
    expect(screen.getByText('projects').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('projects').className).toBe('off');
  });

  it('writes search parameters to the address, and reads them and the route’s parameters', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      const { id } = useParams<{ id: string }>();
      return (
        <button onClick={() => setParams({ q: 'فيلا', page: '2' }, { replace: true })}>
          {id}:{params.get('q') ?? 'none'}
        </button>
      );
    }
    const router = renderRouter(
      [
        { index: true, element: null },
        { path: 'search/:id', element: <Search /> },
      ],
      '/',
    );
    await go(router, '/search/5');
    fireEvent.click(screen.getByRole('button'));
    await act(async () => {});
    expect(screen.getByRole('button').textContent).toBe('5:فيلا');
    expect(router.state.location.search).toBe('?q=%D9%81%D9%8A%D9%84%D8%A7&page=2');
    // Replaced, not added: back leaves the search page.
    await go(router, -1);
    expect(where()).toBe('/ idle');
  });

  it('forwards once drawn with state, replacing the entry', async () => {
    const router = renderRouter(
      [
        { index: true, element: <h1>start</h1> },
        { path: 'private', element: <Navigate to="/login" replace state={{ from: '/private' }} /> },
        { path: 'login', element: <h1>login</h1> },
      ],
      '/',
    );
    await go(router, '/private');
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/private' });
    await go(router, -1);
    expect(where()).toBe('/ idle');
  });
});

describe('router, what went wrong before', () => {
  it('a guard forwarding while the next page’s code loads navigates once', async () => {
    const login = deferredPage('login');
    const router = createMemoryRouter([
      {
        element: <Layout />,
        children: [
          { index: true, element: <h1>start</h1> },
          // A new state object on every render, as the login guard passes.
          { path: 'private', element: <Navigate to="/login" replace state={{ from: '/private' }} /> },
          { path: 'login', page: login.load },
        ],
      },
    ]);
    const navigate = vi.spyOn(router, 'navigate');
    render(<RouterProvider router={router} />);
    await go(router, '/private');
    await act(async () => {});
    await act(async () => {});
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/private', '/login']);
    await login.arrive();
    expect(screen.getByRole('heading').textContent).toBe('login');
    expect(router.state.location.state).toEqual({ from: '/private' });
  });

  it('tries a page whose code failed again on the next visit, and settles ready() either way', async () => {
    let attempts = 0;
    const flaky = () =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => <h1>back online</h1> });
    const routes: RouteObject[] = [
      { index: true, element: <h1>home</h1> },
      { path: 'flaky', page: flaky },
    ];
    const router = renderRouter(routes, '/');
    await go(router, '/flaky');
    // In memory nothing can load the address itself: the reader stays where they were.
    expect(where()).toBe('/ idle');
    await go(router, '/flaky');
    expect(attempts).toBe(2);
    expect(screen.getByRole('heading').textContent).toBe('back online');

    const broken: RouteObject[] = [{ path: 'broken', page: () => Promise.reject(new Error('gone')) }];
    await expect(routerAt(broken, '/broken')).resolves.not.toBeNull();
  });
});

describe('router in the browser', () => {
  it('keeps the address in the browser’s history, and puts each page where the reader expects it', async () => {
    // Chromium's scroll methods answer a promise; the router must not hand it to React as a clean-up.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    const answersPromise: () => void = () => Promise.resolve();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(answersPromise);
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      { index: true, element: <h1>home</h1> },
      { path: 'long', element: <h1>long</h1> },
    ]);
    const view = render(<RouterProvider router={router} />);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await go(router, '/long');
    expect(window.location.pathname).toBe('/long');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByRole('heading').textContent).toBe('home');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    view.unmount();
    scrollTo.mockRestore();
  });

  it('goes to a #fragment whose element the page draws later, once it appears, unless the reader scrolled first', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrolledTo: string[] = [];
    const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    function LoadsLater() {
      const [isLoaded, setLoaded] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setLoaded(true), 20);
        return () => clearTimeout(timer);
      }, []);
      return isLoaded ? <p id="proposal-p1">the proposal</p> : <p>loading</p>;
    }
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      { index: true, element: <h1>home</h1> },
      { path: 'project', element: <LoadsLater /> },
    ]);
    const view = render(<RouterProvider router={router} />);

    await go(router, '/project#proposal-p1');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(await screen.findByText('the proposal')).toBeInTheDocument();
    await waitFor(() => expect(scrolledTo).toEqual(['proposal-p1']));

    await go(router, '/');
    await go(router, '/project#proposal-p1');
    fireEvent.wheel(window);
    expect(await screen.findByText('the proposal')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(scrolledTo).toEqual(['proposal-p1']);
    view.unmount();
    scrollTo.mockRestore();
    if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});
