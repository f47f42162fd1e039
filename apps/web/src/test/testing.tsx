import type { CurrentUser, JobCard, JobDetail } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../lib/router/index.tsx';
import { vi } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { sessionToken } from '../lib/api-client.ts';
import { SessionProvider } from '../lib/session.tsx';

/** Test helpers for the screens: translations, a signed-in user, an API answered by a table, and a sample project. */
export async function loadTranslations(language: 'en' | 'ar' = 'en') {
  if (!i18n.isInitialized) await initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('projects');
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response> | undefined;

/** Answers fetch from the handlers (the first that answers wins); anything else is a 404. */
export function mockApi(...handlers: Handler[]) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const response = await handler(call);
      if (response) return response;
    }
    return jsonResponse(404, { detail: 'Not Found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

export const answer =
  (method: string, path: string, respond: (call: ApiCall) => Response): Handler =>
  (call) =>
    call.method === method && call.path === path ? respond(call) : undefined;

export function signedInAs(user: Partial<CurrentUser>): Handler {
  sessionToken.write('test-token');
  return answer('GET', '/api/users/me', () => jsonResponse(200, { ...baseUser, ...user }));
}

export function renderRoutes(routes: RouteObject[], initialPath: string, extra?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        {extra}
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

export const baseUser: CurrentUser = {
  id: '11111111-1111-4111-8111-111111111111',
  first_name: 'Aisha',
  last_name: 'Khan',
  email: 'aisha@example.ae',
  phone_number: '501234567',
  country_code: '+971',
  role: 'professional',
  gender: null,
  skills: [],
  languages: [],
  career_highlights: [],
  hourly_rate: null,
  years_of_experience: null,
  bio: null,
  company_name: null,
  company_description: null,
  website_url: null,
  company_size: null,
  vat_number: null,
  country: 'AE',
  emirate: 'dubai',
  city: 'dubai',
  industry_category: null,
  local_service_category: null,
  local_service_subcategory: null,
  show_location: true,
  show_exact_location: false,
  verification_method: 'email',
  profile_picture: null,
  total_rating: 0,
  total_reviews: 0,
  account_status: 'active',
  linkedin_url: null,
  github_url: null,
  behance_url: null,
  availability_status: null,
  preferred_project_size: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

export const JOB_ID = '22222222-2222-4222-8222-222222222222';

export const jobCard = (changes: Partial<JobCard> = {}): JobCard => ({
  id: JOB_ID,
  title: 'Villa deep cleaning',
  description: 'Deep cleaning of a four-bedroom villa before move-in.',
  is_featured: false,
  featured_until: null,
  is_urgent: false,
  project_type: 'fixed',
  job_type: 'fixed',
  payment_method: 'escrow',
  country: 'AE',
  emirate: 'dubai',
  region: 'dubai',
  city: 'dubai',
  allow_remote: false,
  location_required: false,
  currency: 'AED',
  budget_min: 5000,
  budget_max: 10000,
  budget_min_usd: 1361.47,
  budget_max_usd: 2722.94,
  proposal_count: 3,
  view_count: 42,
  industry_category: 'local_services',
  local_service_category: null,
  local_service_subcategory: null,
  skills_required: ['cleaning'],
  status: 'open',
  created_at: '2025-03-01T08:00:00.000Z',
  start_date: null,
  deadline: null,
  ...changes,
});

/** What the reader of a project page has done on it: nothing, unless the changes say otherwise. */
export const viewerOf = (changes: Partial<JobDetail['viewer']> = {}): JobDetail['viewer'] => ({
  is_owner: false,
  has_proposal: false,
  has_expressed_interest: false,
  proposal: null,
  interest: null,
  invitation: null,
  ...changes,
});

export const jobDetail = (changes: Partial<JobDetail> = {}): JobDetail => ({
  ...jobCard(),
  employer_id: '33333333-3333-4333-8333-333333333333',
  proposals_count: 3,
  address: null,
  moderation: null,
  employer_info: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Gulf Homes LLC',
    email: null,
    company: 'Gulf Homes LLC',
    account_status: 'active',
    profile_picture: null,
    member_since: '2024-06-01T08:00:00.000Z',
    projects_posted: 12,
    hires_made: 7,
    rating: 4.6,
    total_reviews: 5,
  },
  viewer: viewerOf(),
  ...changes,
});
