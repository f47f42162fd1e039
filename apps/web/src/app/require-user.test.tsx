import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router/index.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { sessionToken } from '../lib/api-client.ts';
import { SessionProvider } from '../lib/session.tsx';
import { RequireUser } from './require-user.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { element: <RequireUser />, children: [{ path: '/dashboard', element: <p>private page</p> }] },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('RequireUser', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without a session to /login', async () => {
    const router = renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('shows a spinner while the session loads, then the page for a signed-in user', async () => {
    sessionToken.write('a-valid-token');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    renderAt('/dashboard');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    answer(jsonResponse(200, { id: 'u1', first_name: 'Aisha', last_name: 'Khan', role: 'employer' }));
    expect(await screen.findByText('private page')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer a-valid-token' });
  });

  it('ends a session the server refuses and redirects to /login', async () => {
    sessionToken.write('an-expired-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(401, { detail: 'Not authenticated', code: 'unauthorized' }))),
    );
    const router = renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionToken.read()).toBeNull();
  });

  it('keeps the token and offers a retry instead of sending the user to /login', async () => {
    sessionToken.write('a-valid-token');
    let isServerDown = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          isServerDown
            ? jsonResponse(429, { detail: 'Too many requests', code: 'rate_limited' })
            : jsonResponse(200, { id: 'u1', first_name: 'Aisha', last_name: 'Khan', role: 'employer' }),
        ),
      ),
    );
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionToken.read()).toBe('a-valid-token');
    isServerDown = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });
});
