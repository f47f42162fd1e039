import type { ExpertProfile, PublicUser } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '../../lib/router/index.tsx';
import { vi } from 'vitest';
import { SessionProvider } from '../../lib/session.tsx';

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers fetch from `handler` and records every call. */
export function stubApi(handler: (call: ApiCall) => Response) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return Promise.resolve(handler(call));
    }),
  );
  return calls;
}

/** Renders a screen at `at` inside the app's providers; `path` is its route pattern. */
export function renderScreen(element: ReactElement, { path = '/', at = '/' }: { path?: string; at?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element: <Suspense fallback={<p>loading</p>}>{element}</Suspense> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [at] },
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

export const publicUser = (changes: Partial<PublicUser> = {}): PublicUser => ({
  id: '8c0a4a4e-0000-4000-8000-000000000001',
  role: 'professional',
  first_name: 'Layla',
  last_name: 'Haddad',
  bio: 'Full-stack developer building Arabic-first web apps.',
  profile_picture: null,
  show_location: true,
  country: 'AE',
  emirate: 'dubai',
  city: 'jebel_ali',
  industry_category: 'technology_it',
  local_service_category: null,
  local_service_subcategory: null,
  skills: ['React', 'TypeScript'],
  languages: ['Arabic', 'English'],
  career_highlights: [],
  hourly_rate: 150,
  years_of_experience: 6,
  availability_status: 'available',
  total_rating: 4.6,
  total_reviews: 12,
  company_name: null,
  company_description: null,
  company_size: null,
  website_url: null,
  linkedin_url: null,
  github_url: null,
  behance_url: null,
  identity_verified: null,
  created_at: '2025-01-04T10:00:00.000Z',
  ...changes,
});

export const expertProfile = (changes: Partial<ExpertProfile> = {}, user: Partial<PublicUser> = {}): ExpertProfile => ({
  user: publicUser(user),
  accomplishments: [],
  reviews: [],
  portfolio_stats: { total_projects: 0, repeat_clients: 0, top_skills: [], skills: [] },
  verified_rating: { overall_rating: 0, total_verified_reviews: 0, work_quality_avg: 0, communication_avg: 0, timeliness_avg: 0 },
  ...changes,
});

/** The signed-in user GET /api/users/me answers with (only the fields the screens read). */
export const sessionUser = (id: string, role: 'professional' | 'employer') => ({
  id,
  role,
  first_name: 'Omar',
  last_name: 'Al Mansoori',
  emirate: null,
  city: null,
});
