import type { EmployerProfile } from '@mihna/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { sessionToken } from '../../lib/api-client.ts';
import { jsonResponse, publicUser, renderScreen, sessionUser, stubApi } from '../../features/professionals/test-support.tsx';
import EmployerProfilePage from './employer-profile.tsx';

const employerId = '8c0a4a4e-0000-4000-8000-0000000000e1';
const at = `/employers/${employerId}`;
const path = '/employers/:employerId';

const historyItem = {
  job_id: 'h1',
  job_title: 'Office fit-out',
  project_description: 'Fit-out of a 200 m² office.',
  completion_date: '2025-02-01',
  project_category: 'construction_engineering',
  project_value: 40000,
  currency: 'AED',
  show_financial_info: false,
  worker_name: 'Karim Saleh',
  show_worker_name: false,
  employer_feedback: 'Tidy and punctual.',
  worker_feedback: null,
  worker_rating: 5,
  received_rating: 4,
};

const profile = (changes: Partial<EmployerProfile> = {}): EmployerProfile => ({
  user: publicUser({
    id: employerId,
    role: 'employer',
    first_name: 'Omar',
    last_name: 'Al Mansoori',
    company_name: 'Al Noor Trading',
    company_description: 'Trading and logistics in Sharjah.',
    emirate: 'sharjah',
    city: null,
  }),
  job_history: [
    historyItem,
    { ...historyItem, job_id: 'h2', job_title: 'Warehouse racking', show_financial_info: true, show_worker_name: true },
  ],
  current_jobs: [
    {
      id: 'job-7',
      title: 'Company website',
      description: 'x'.repeat(200),
      budget_range: 'AED 5,000 - 9,000',
      job_type: 'fixed',
      currency: 'AED',
      budget_min: 5000,
      budget_max: 9000,
      created_at: '2025-05-01T08:00:00.000Z',
      country: 'AE',
      emirate: 'sharjah',
      industry_category: 'technology_it',
      skills_required: ['React'],
      status: 'open',
      proposal_count: 3,
    },
  ],
  reviews: [],
  employer_stats: {
    total_projects: 9,
    repeat_hires: 2,
    active_jobs: 1,
    open_jobs: 3,
    total_spent: 52000,
    currency: 'AED',
    totals: [{ currency: 'AED', amount: 52000 }],
    hiring_categories: [
      { category: 'technology_it', projects: 5 },
      { category: 'construction_engineering', projects: 4 },
    ],
  },
  verified_rating: {
    overall_rating: 4.5,
    total_verified_reviews: 2,
    communication_avg: 4.5,
    payment_reliability_avg: 5,
    one_star_count: 0,
    two_star_count: 0,
    three_star_count: 0,
    four_star_count: 1,
    five_star_count: 1,
  },
  ...changes,
});

describe('/employers/:employerId', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('professionals');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the company, its stats, hiring categories and rating distribution', async () => {
    stubApi(() => jsonResponse(200, profile()));
    renderScreen(<EmployerProfilePage />, { path, at });
    expect(await screen.findByRole('heading', { name: 'Al Noor Trading', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Trading and logistics in Sharjah.')).toBeInTheDocument();
    expect(screen.getByText('Sharjah')).toBeInTheDocument();
    expect(screen.getByText('AED 52,000')).toBeInTheDocument();
    expect(screen.getByText('2 verified reviews')).toBeInTheDocument();
    const categories = within(screen.getByRole('region', { name: 'Top hiring categories' })).getAllByRole('listitem');
    expect(categories.map((item) => item.textContent)).toEqual(['Technology & IT5 projects', 'Construction & Engineering4 projects']);
    const distribution = within(screen.getByRole('region', { name: 'Rating distribution' }));
    expect(distribution.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '5 stars',
      '4 stars',
      '3 stars',
      '2 stars',
      '1 star',
    ]);
    expect(distribution.getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', '1', '0', '0', '0']);
    expect(screen.queryByText(/Contact Employer/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });

  it('counts projects with a professional hired apart from open ones, and tells what was paid in each currency', async () => {
    const paidInTwo = profile();
    paidInTwo.employer_stats = {
      ...paidInTwo.employer_stats,
      active_jobs: 2,
      open_jobs: 4,
      total_spent: 1000,
      currency: 'AED',
      totals: [
        { currency: 'AED', amount: 1000 },
        { currency: 'SAR', amount: 750.5 },
      ],
    };
    stubApi(() => jsonResponse(200, paidInTwo));
    renderScreen(<EmployerProfilePage />, { path, at });
    const figure = (label: string) => screen.getByText(label).parentElement!;
    expect(within(await screen.findByText('Active Jobs').then((term) => term.parentElement!)).getByText('2')).toBeInTheDocument();
    expect(within(figure('Open Projects')).getByText('4')).toBeInTheDocument();
    expect(within(figure('Total Spent')).getByText('AED 1,000')).toBeInTheDocument();
    expect(within(figure('Total Spent')).getByText('SAR 750.50')).toBeInTheDocument();
  });

  it('shows the figures in Arabic, the total in its own currency', async () => {
    await i18n.changeLanguage('ar');
    try {
      const paid = profile();
      paid.employer_stats = {
        ...paid.employer_stats,
        open_jobs: 4,
        total_spent: 1000,
        currency: 'AED',
        totals: [{ currency: 'AED', amount: 1000 }],
      };
      stubApi(() => jsonResponse(200, paid));
      renderScreen(<EmployerProfilePage />, { path, at });
      const figure = (label: string) => screen.getByText(label).parentElement!;
      expect(within((await screen.findByText('المشاريع المفتوحة')).parentElement!).getByText('4')).toBeInTheDocument();
      expect(within(figure('إجمالي الإنفاق')).getByText('1,000 د.إ')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('links current jobs to the project and honours what the history may show', async () => {
    stubApi(() => jsonResponse(200, profile()));
    renderScreen(<EmployerProfilePage />, { path, at });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Current Jobs' }));
    const job = await screen.findByRole('link', { name: /Company website/ });
    expect(job.getAttribute('href')).toBe('/projects/job-7');
    expect(job.textContent).toContain(`${'x'.repeat(150)}…`);
    expect(job.textContent).toContain('AED 5,000 - 9,000');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Project History' }));
    const [hidden, shown] = await screen.findAllByRole('article');
    expect(within(hidden!).queryByText('Karim Saleh')).toBeNull();
    expect(within(hidden!).queryByText('AED 40,000')).toBeNull();
    expect(within(shown!).getByText('Karim Saleh')).toBeInTheDocument();
    expect(within(shown!).getByText('AED 40,000')).toBeInTheDocument();
  });

  it('falls back to the full name and says there is no description; the owner sees Edit Profile', async () => {
    sessionToken.write('owner-token');
    const bare = profile();
    bare.user = { ...bare.user, company_name: null, company_description: null, bio: null, show_location: false };
    stubApi(({ url }) => jsonResponse(200, url.pathname === '/api/users/me' ? sessionUser(employerId, 'employer') : bare));
    renderScreen(<EmployerProfilePage />, { path, at });
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Omar Al Mansoori', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No description provided')).toBeInTheDocument();
    expect(screen.queryByText('Sharjah')).toBeNull();
  });

  it("says 'Employer Not Found' when there is no such employer", async () => {
    stubApi(() => jsonResponse(404, { detail: 'Employer Not Found', code: 'not_found' }));
    renderScreen(<EmployerProfilePage />, { path, at });
    expect(await screen.findByRole('heading', { name: 'Employer Not Found' })).toBeInTheDocument();
  });
});
