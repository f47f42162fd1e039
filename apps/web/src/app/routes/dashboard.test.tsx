import type { EmployerStats, Notification, ProfessionalStats, ReceivedProposal } from '@mihna/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, baseUser, jobCard, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { i18n } from '../../i18n/index.ts';
import DashboardPage from './dashboard.tsx';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const monthly = (amounts: Record<string, number>, currency = 'AED') =>
  months.map((month) => ({ month, currency, amount: amounts[month] ?? 0 }));

const professionalStats: ProfessionalStats = {
  role: 'professional',
  total_proposals: 12,
  active_jobs: 2,
  total_earned: 1470,
  currency: 'AED',
  totals: [
    { currency: 'AED', amount: 1470 },
    { currency: 'SAR', amount: 300 },
  ],
  monthly: [...monthly({ '2026-10': 470, '2026-11': 1000 }), ...monthly({ '2026-11': 300 }, 'SAR')],
};

const employerStats: EmployerStats = {
  role: 'employer',
  total_jobs: 5,
  active_jobs: 3,
  open_jobs: 2,
  total_spent: 2500,
  applications: 17,
  currency: 'AED',
  totals: [{ currency: 'AED', amount: 2500 }],
  monthly: monthly({ '2026-11': 2500 }),
  proposals_per_project: [
    { job_id: 'a', title: 'Villa renovation', proposals: 9 },
    { job_id: 'b', title: 'Clinic booking site', proposals: 8 },
  ],
};

const emptyList = (path: string, key: string) => answer('GET', path, () => jsonResponse(200, { [key]: [], total: 0, has_next: false }));
const noNotifications = answer('GET', '/api/notifications', () => jsonResponse(200, { notifications: [], unread_count: 0 }));
const proposalNotice: Notification = {
  id: 'n1',
  kind: 'proposal_received',
  title: 'New proposal',
  message: 'Layla Haddad sent a proposal for "Villa renovation".',
  link: '/projects/a',
  params: { worker_name: 'Layla Haddad', job_title: 'Villa renovation' },
  is_read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const renderDashboard = () => renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');

describe('/dashboard', () => {
  beforeAll(async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces(['auth', 'projects', 'profile']);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the professional’s own figures from the server, other currencies beside the main one, and earnings by month as a table too', async () => {
    mockApi(
      signedInAs({ role: 'professional', total_rating: 4.8, total_reviews: 6 }),
      answer('GET', '/api/dashboard/stats', () => jsonResponse(200, professionalStats)),
      emptyList('/api/proposals/my', 'proposals'),
      noNotifications,
    );
    renderDashboard();
    const figure = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).parentElement!;
    expect(within(await figure('Total Proposals')).getByText('12')).toBeInTheDocument();
    expect(within(await figure('Active Jobs')).getByText('2')).toBeInTheDocument();
    const earned = await figure('Total Earned');
    expect(within(earned).getByText('AED 1,470.00')).toBeInTheDocument();
    expect(within(earned).getByText('SAR 300.00')).toBeInTheDocument();
    expect(screen.getByText('4.8 from 6 reviews')).toBeInTheDocument();

    const chart = screen.getByRole('figure', { name: 'Earnings per month' });
    fireEvent.click(within(chart).getByText('Show the figures as a table'));
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.at(-2)!.textContent).toBe('Oct 2026AED 470.00');
    expect(rows.at(-1)!.textContent).toBe('Nov 2026AED 1,000.00');
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();
  });

  it('asks in its own dialog before deleting the professional’s picture, and deletes it only when confirmed', async () => {
    const api = mockApi(
      signedInAs({ role: 'professional', profile_picture: '/media/picture.webp' }),
      answer('GET', '/api/dashboard/stats', () => jsonResponse(200, professionalStats)),
      emptyList('/api/proposals/my', 'proposals'),
      noNotifications,
      answer('DELETE', '/api/profile/picture', () => jsonResponse(200, { ...baseUser, role: 'professional', profile_picture: null })),
    );
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your profile picture?' });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Keep it' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete picture' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete picture' }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it('shows the employer’s figures, active projects apart from open ones, opens on My Projects, and charts proposals per project under Analytics', async () => {
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', '/api/dashboard/stats', () => jsonResponse(200, employerStats)),
      emptyList('/api/jobs/employer/my', 'jobs'),
      noNotifications,
    );
    renderDashboard();
    for (const [label, value] of [
      ['Total Projects', '5'],
      ['Active Projects', '3'],
      ['Open Projects', '2'],
      ['Total Investment', 'AED 2,500.00'],
      ['Applications', '17'],
    ]) {
      const card = (await screen.findByText(label!, { selector: 'dt' })).parentElement!;
      expect(within(card).getByText(value!)).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'My Projects' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'My Projects', 'Applications', 'Analytics']);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Analytics' }));
    const proposals = await screen.findByRole('figure', { name: 'Proposals per project' });
    expect(
      within(proposals)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ProjectApplications', 'Villa renovation9', 'Clinic booking site8']);
  });

  it('names the employer’s active and open projects apart in Arabic', async () => {
    await loadTranslations('ar');
    try {
      mockApi(
        signedInAs({ role: 'employer' }),
        answer('GET', '/api/dashboard/stats', () => jsonResponse(200, employerStats)),
        emptyList('/api/jobs/employer/my', 'jobs'),
        noNotifications,
      );
      renderDashboard();
      for (const [label, value] of [
        ['المشاريع النشطة', '3'],
        ['المشاريع المفتوحة', '2'],
      ]) {
        const card = (await screen.findByText(label!, { selector: 'dt' })).parentElement!;
        expect(within(card).getByText(value!)).toBeInTheDocument();
      }
    } finally {
      await loadTranslations('en');
    }
  });

  it('leads from My Projects to each hired project’s payment page, and shows the company and recent activity under Overview', async () => {
    mockApi(
      signedInAs({ role: 'employer', company_name: 'Al Noor Interiors', company_description: 'Fit-out for villas in Dubai.' }),
      answer('GET', '/api/dashboard/stats', () => jsonResponse(200, employerStats)),
      answer('GET', '/api/jobs/employer/my', () =>
        jsonResponse(200, {
          jobs: [
            jobCard({ id: 'a', title: 'Villa renovation' }),
            jobCard({ id: 'b', title: 'Clinic booking site', status: 'assigned' }),
            jobCard({ id: 'c', title: 'Shop fit-out', status: 'completed' }),
          ],
          total: 3,
          has_next: false,
        }),
      ),
      answer('GET', '/api/notifications', () => jsonResponse(200, { notifications: [proposalNotice], unread_count: 1 })),
    );
    renderDashboard();
    const projects = await screen.findAllByTestId('my-project');
    expect(projects).toHaveLength(3);
    // An open project has no one hired yet, so no payment page.
    expect(within(projects[0]!).queryByRole('link', { name: 'Payment page' })).toBeNull();
    expect(within(projects[1]!).getByRole('link', { name: 'Payment page' }).getAttribute('href')).toBe('/projects/b/payment');
    expect(within(projects[2]!).getByRole('link', { name: 'Payment page' }).getAttribute('href')).toBe('/projects/c/payment');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Overview' }));
    const company = await screen.findByRole('region', { name: 'Company profile' });
    expect(within(company).getByText('Al Noor Interiors')).toBeInTheDocument();
    expect(within(company).getByText('Fit-out for villas in Dubai.')).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: 'View public profile' }).getAttribute('href')).toBe(`/employers/${baseUser.id}`);
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    const item = await within(activity).findByRole('link', { name: /Layla Haddad/ });
    expect(item.getAttribute('href')).toBe('/projects/a');
    expect(item.textContent).toContain('Villa renovation');
  });

  it('lists the proposals on all the employer’s projects under Applications, filters them by stage, and marks or declines one', async () => {
    const application = (changes: Partial<ReceivedProposal>): ReceivedProposal => ({
      id: '44444444-4444-4444-8444-444444444444',
      job_id: 'a',
      proposal_text: 'I have renovated twelve villas in Dubai.',
      proposed_rate: 45000,
      currency: 'AED',
      job_type: 'fixed',
      estimated_hours: null,
      status: 'pending',
      is_masked: false,
      stage: 'pending',
      created_at: '2026-11-20T09:00:00.000Z',
      worker: {
        id: 'w',
        first_name: 'Hessa',
        last_name: 'Al Falasi',
        total_rating: 0,
        total_reviews: 0,
        bio: null,
        skills: [],
        profile_picture: null,
        identity_verified: null,
      },
      job: { id: 'a', title: 'Villa renovation', status: 'open' },
      ...changes,
    });
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', '/api/dashboard/stats', () => jsonResponse(200, employerStats)),
      emptyList('/api/jobs/employer/my', 'jobs'),
      noNotifications,
      answer('GET', '/api/proposals/received', () =>
        jsonResponse(200, {
          proposals: [application({}), application({ id: '44444444-4444-4444-8444-444444444445', stage: 'accepted', status: 'accepted' })],
          total: 2,
          has_next: false,
        }),
      ),
      answer('PUT', '/api/proposals/44444444-4444-4444-8444-444444444444/stage', () => jsonResponse(200, { message: 'Proposal updated' })),
    );
    renderDashboard();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Applications' }));
    expect(await screen.findByRole('heading', { name: 'Applications (2)' })).toBeInTheDocument();
    const [pending, accepted] = screen.getAllByTestId('application');
    expect(within(pending!).getByText('Villa renovation')).toBeInTheDocument();
    // Only a pending proposal can be marked; the hired one is settled.
    expect(within(accepted!).queryByRole('combobox')).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'shortlisted' } });
    await vi.waitFor(() =>
      expect(api.callsTo('GET', '/api/proposals/received').some((call) => call.query.get('stage') === 'shortlisted')).toBe(true),
    );

    fireEvent.change(within((await screen.findAllByTestId('application'))[0]!).getByRole('combobox', { name: 'Mark as' }), {
      target: { value: 'shortlisted' },
    });
    expect(await screen.findByText('Proposal status updated.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/proposals/44444444-4444-4444-8444-444444444444/stage')[0]!.body).toEqual({ stage: 'shortlisted' });

    // Declining asks first.
    fireEvent.change(within((await screen.findAllByTestId('application'))[0]!).getByRole('combobox', { name: 'Mark as' }), {
      target: { value: 'rejected' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Decline this proposal?' });
    expect(api.callsTo('PUT', '/api/proposals/44444444-4444-4444-8444-444444444444/stage')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Proposal declined. The professional has been told.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/proposals/44444444-4444-4444-8444-444444444444/stage')[1]!.body).toEqual({ stage: 'rejected' });
  });
});
