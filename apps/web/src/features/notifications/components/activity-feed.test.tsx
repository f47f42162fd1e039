import type { Notification } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { createMemoryRouter, Outlet, RouterProvider } from '../../../lib/router/index.tsx';
import { ActivityFeed } from './activity-feed.tsx';

const notice = (id: string, changes: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'review_received',
  title: 'New review',
  message: 'Falcon Tech reviewed your work on "Clinic booking site".',
  link: `/projects/${id}/payment#reviews`,
  params: { party_name: 'Falcon Tech', job_title: 'Clinic booking site', job_id: id },
  is_read: false,
  created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
  ...changes,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('ActivityFeed', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['auth']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('leads an item to its subject and marks that one notice read, not the others', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'PUT' ? json({ success: true }) : json({ notifications: [notice('a'), notice('b')], unread_count: 2 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <ActivityFeed userId="u1" />
              <Outlet />
            </>
          ),
          children: [
            { path: '/dashboard', element: null },
            { path: '/projects/:id/payment', element: <p>payment page</p> },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const [first] = await screen.findAllByRole('link', { name: /New review/ });
    expect(first).toHaveAttribute('href', '/projects/a/payment#reviews');
    expect(first).toHaveTextContent('\u2068Falcon Tech\u2069 reviewed your work on "\u2068Clinic booking site\u2069".');
    fireEvent.click(first!);

    expect(await screen.findByText('payment page')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#reviews');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url]) => url)).toEqual(['/api/notifications/a/read']),
    );
  });
});
