import type { Notification } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from '../../../lib/router/index.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { NotificationBell } from './notification-bell.tsx';

const notification = (changes: Partial<Notification>): Notification => ({
  id: 'n1',
  kind: 'proposal_received',
  title: 'New proposal',
  message: 'Layla Haddad sent a proposal for "Company website".',
  link: '/projects/job-1',
  params: { worker_name: 'Layla Haddad', job_title: 'Company website' },
  is_read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...changes,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A server holding these notifications; PUT …/read and …/read-all change them. */
function stubNotifications(list: { notifications: Notification[]; unread_count: number }) {
  let { notifications, unread_count: unreadCount } = list;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method !== 'PUT') return Promise.resolve(json({ notifications, unread_count: unreadCount }));
    const isAll = url.endsWith('/read-all');
    unreadCount = isAll ? 0 : unreadCount - notifications.filter((item) => !item.is_read && url.includes(`/${item.id}/`)).length;
    notifications = notifications.map((item) => (isAll || url.includes(`/${item.id}/`) ? { ...item, is_read: true } : item));
    return Promise.resolve(json({ success: true }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBell() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NotificationBell userId="u1" />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/projects/:id', element: <p>project page</p> },
          { path: '/projects/:id/payment', element: <p>payment page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const openMenu = async (name: string | RegExp) => fireEvent.keyDown(await screen.findByRole('button', { name }), { key: 'Enter' });

describe('NotificationBell', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the unread count on the bell and in its name', async () => {
    const fetchMock = stubNotifications({
      notifications: [notification({}), notification({ id: 'n2', is_read: true })],
      unread_count: 12,
    });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('9+');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/notifications?limit=10');
  });

  it('leads each notice to its subject: a link that opens it and marks that one read, the others staying unread', async () => {
    const fetchMock = stubNotifications({
      notifications: [
        notification({ link: '/projects/job-1#proposal-p1' }),
        notification({
          id: 'n2',
          kind: 'timesheet_auto_approved',
          title: 'Timesheet approved automatically',
          link: '/projects/job-2/payment#timesheet-2026-11-02',
          params: { job_title: 'Clinic booking site', week: '2026-11-02', hours: '1.5', amount: '225', currency: 'AED' },
        }),
      ],
      unread_count: 2,
    });
    const router = renderBell();
    await openMenu('Notifications, 2 unread');

    const item = await screen.findByRole('menuitem', { name: /New proposal/ });
    expect(item).toHaveAttribute('href', '/projects/job-1#proposal-p1');
    expect(item).toHaveTextContent('\u2068Layla Haddad\u2069 sent a proposal for "\u2068Company website\u2069".');
    expect(item).toHaveTextContent('5 minutes ago');
    expect(screen.getByRole('menuitem', { name: /Timesheet approved automatically/ })).toHaveAttribute(
      'href',
      '/projects/job-2/payment#timesheet-2026-11-02',
    );
    fireEvent.click(item);

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/job-1'));
    expect(router.state.location.hash).toBe('#proposal-p1');
    expect(await screen.findByText('project page')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url]) => url);
    expect(puts).toEqual(['/api/notifications/n1/read']);

    await openMenu('Notifications, 1 unread');
    expect(await screen.findByRole('menuitem', { name: /Timesheet approved automatically/ })).toHaveTextContent('Unread:');
    expect(screen.getByRole('menuitem', { name: /New proposal/ })).not.toHaveTextContent('Unread:');
  });

  it('marks a notice without a link read where the reader is, and asks nothing again of one already read', async () => {
    const fetchMock = stubNotifications({
      notifications: [notification({ link: null }), notification({ id: 'n2', is_read: true, link: '/projects/job-2' })],
      unread_count: 1,
    });
    const router = renderBell();
    await openMenu('Notifications, 1 unread');
    const unlinked = await screen.findByRole('menuitem', { name: /Unread:.*New proposal/ });
    expect(unlinked).not.toHaveAttribute('href');
    fireEvent.click(unlinked);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await openMenu('Notifications');
    const [read] = (await screen.findAllByRole('menuitem', { name: /New proposal/ })).filter((item) => item.hasAttribute('href'));
    fireEvent.click(read!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/job-2'));
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url]) => url);
    expect(puts).toEqual(['/api/notifications/n1/read']);
  });

  it('marks everything read at once', async () => {
    const fetchMock = stubNotifications({ notifications: [notification({}), notification({ id: 'n2' })], unread_count: 2 });
    renderBell();
    await openMenu('Notifications, 2 unread');
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all read' });
    expect(screen.getAllByText('Unread:')).toHaveLength(2);
    fireEvent.click(markAll);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/notifications/read-all' && init?.method === 'PUT')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Mark all read' })).not.toBeInTheDocument());
    expect(screen.queryByText('Unread:')).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    stubNotifications({ notifications: [], unread_count: 0 });
    renderBell();
    await openMenu('Notifications');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('writes the message in Arabic from its params, titles in Arabic quotes, and falls back to the English text without them', async () => {
    await i18n.changeLanguage('ar');
    stubNotifications({
      notifications: [
        notification({ kind: 'job_invitation', params: { employer_name: 'شركة النور', job_title: 'موقع الشركة' } }),
        notification({
          id: 'n2',
          kind: 'proposal_not_selected',
          params: { employer_name: 'Falcon Tech', job_title: 'Company website' },
        }),
        notification({ id: 'n3', kind: 'proposal_accepted', title: 'Proposal accepted', message: 'Accepted.', params: {} }),
      ],
      unread_count: 3,
    });
    renderBell();
    await openMenu('الإشعارات، غير المقروءة: 3');
    expect(await screen.findByText('دعاك \u2068شركة النور\u2069 إلى مشروع «\u2068موقع الشركة\u2069».')).toBeInTheDocument();
    expect(screen.getByText('دعوة إلى مشروع')).toBeInTheDocument();
    expect(
      screen.getByText('وظّف \u2068Falcon Tech\u2069 محترفًا آخر لمشروع «\u2068Company website\u2069». شكرًا على عرضك.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Accepted.')).toBeInTheDocument();
  });

  it('shows the English text the server stored for a kind this page does not know', async () => {
    stubNotifications({
      notifications: [
        notification({ kind: 'a_newer_kind' as Notification['kind'], title: 'Something new', message: 'Said by the server.' }),
      ],
      unread_count: 1,
    });
    renderBell();
    await openMenu('Notifications, 1 unread');
    expect(await screen.findByText('Said by the server.')).toBeInTheDocument();
  });
});
