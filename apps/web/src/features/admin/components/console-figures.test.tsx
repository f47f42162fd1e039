import type { AdminProjectRow, AdminProjectsResponse, AdminTimeLog, AdminTimeTrackingResponse, AdminUser } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { ProjectsTab } from './projects-tab.tsx';
import { TimeTrackingTab } from './time-tracking-tab.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The console's calls answered from `answers` by path. */
function stubConsoleApi(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => Promise.resolve(json(answers[new URL(input, 'http://localhost').pathname] ?? {}))),
  );
}

function renderTab(tab: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{tab}</QueryClientProvider>);
}

async function inLanguage(language: 'en' | 'ar', run: () => Promise<void>) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('admin');
  try {
    await run();
  } finally {
    cleanup();
    await i18n.changeLanguage('en');
  }
}

const admin: AdminUser = {
  id: 'a1',
  email: 'noura@mihna.ae',
  first_name: 'Noura',
  last_name: 'Al Kaabi',
  role: 'super_admin',
  permissions: [],
  is_active: true,
  status: 'active',
  last_login: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const project = (changes: Partial<AdminProjectRow>): AdminProjectRow => ({
  id: 'p1',
  title: 'Villa deep cleaning',
  employer_id: 'e1',
  employer_name: 'Gulf Homes LLC',
  employer_account_status: 'active',
  status: 'open',
  project_status: 'open',
  moderation_status: 'active',
  moderation_reason: null,
  industry_category: null,
  job_type: 'fixed',
  is_featured: false,
  days_posted: 2,
  budget_min: 5000,
  budget_max: 8000,
  currency: 'AED',
  created_at: '2026-11-01T08:00:00.000Z',
  proposal_count: 3,
  assigned_professional_name: null,
  ...changes,
});

const projects: AdminProjectsResponse = {
  projects: [project({}), project({ id: 'p2', title: 'AC maintenance', job_type: 'hourly', budget_min: 50, budget_max: 80 })],
  total: 2,
  filtered: 2,
  pagination: { skip: 0, limit: 20, total: 2, current_page: 1, total_pages: 1, has_prev: false, has_next: false },
  summary: { open: 2, assigned: 0, in_progress: 0, completed: 0, cancelled: 0, closed: 0, suspended: 0, blocked: 0, removed: 0 },
};

// 2 h 0 min 40 s at AED 150.00 an hour: AED 301.67.
const log: AdminTimeLog = {
  id: 't1',
  professional_id: 'w1',
  professional_name: 'Hessa Al Falasi',
  project_id: 'p2',
  project_title: 'AC maintenance',
  description: 'Serviced five units',
  seconds: 7240,
  hours: 7240 / 3600,
  hourly_rate: 150,
  total_amount: 301.67,
  currency: 'AED',
  project_category: null,
  date: '2026-11-02',
  started_at: '2026-11-02T05:00:00.000Z',
  created_at: '2026-11-02T07:00:40.000Z',
  status: 'approved',
};

const timeLogs: AdminTimeTrackingResponse = {
  time_logs: [log],
  summary: {
    total_seconds: 7240,
    total_hours: 7240 / 3600,
    total_amount: 301.67,
    unique_professionals: 1,
    average_hourly_rate: 150,
    currency: 'AED',
  },
  pagination: { skip: 0, limit: 20, total: 1, current_page: 1, total_pages: 1, has_prev: false, has_next: false },
};

describe('the console’s figures', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('admin');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says an hourly project’s budget is per hour in the projects directory', async () => {
    stubConsoleApi({ '/api/admin/projects': projects });
    renderTab(<ProjectsTab admin={admin} />);
    const hourly = (await screen.findByRole('button', { name: 'AC maintenance' })).closest('tr')!;
    expect(within(hourly).getByText('AED 50 - 80/hr')).toBeInTheDocument();
    const fixed = screen.getByRole('button', { name: 'Villa deep cleaning' }).closest('tr')!;
    expect(within(fixed).getByText('AED 5,000 - 8,000')).toBeInTheDocument();

    await inLanguage('ar', async () => {
      stubConsoleApi({ '/api/admin/projects': projects });
      renderTab(<ProjectsTab admin={admin} />);
      const row = (await screen.findByRole('button', { name: 'AC maintenance' })).closest('tr')!;
      expect(within(row).getByText('50 - 80 د.إ/ساعة')).toBeInTheDocument();
    });
  });

  it('shows time logs to the second, h:mm:ss, beside the amount they come to', async () => {
    stubConsoleApi({ '/api/admin/time-tracking': timeLogs });
    renderTab(<TimeTrackingTab />);
    const row = (await screen.findByText('Serviced five units')).closest('tr')!;
    expect(within(row).getByText('2:00:40')).toBeInTheDocument();
    expect(within(row).getByText('AED 301.67')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Hours (h:mm:ss)' })).toBeInTheDocument();
    const total = screen.getByText('Total hours').closest('div')!;
    expect(within(total).getByText('2:00:40')).toBeInTheDocument();

    await inLanguage('ar', async () => {
      stubConsoleApi({ '/api/admin/time-tracking': timeLogs });
      renderTab(<TimeTrackingTab />);
      const arabic = (await screen.findByText('Serviced five units')).closest('tr')!;
      expect(within(arabic).getByText('2:00:40')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'الساعات (س:د:ث)' })).toBeInTheDocument();
    });
  });
});
