import { defaultSiteSettings } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, jobCard, jsonResponse, loadTranslations, mockApi, renderRoutes } from '../../test/testing.tsx';
import ProjectsPage from './projects.tsx';

const renderAt = (path: string) => renderRoutes([{ path: '/projects', element: <ProjectsPage /> }], path);
const searchCalls = (api: ReturnType<typeof mockApi>) => api.callsTo('GET', '/api/search/jobs').map((call) => call.query.toString());

const featuredCard = jobCard({
  title: 'Kitchen renovation in Jebel Ali',
  is_featured: true,
  featured_until: '2999-01-01T00:00:00.000Z',
  is_urgent: true,
  payment_method: 'cash',
  job_type: 'hourly',
  city: 'jebel_ali',
  allow_remote: true,
  location_required: true,
  skills_required: ['tiling', 'plumbing', 'carpentry', 'painting', 'electrical', 'welding', 'design'],
  deadline: '2025-04-15',
});

describe('/projects', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('prefills country, emirate and city from the link and shows the cards as the specification describes', async () => {
    const api = mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [featuredCard], total: 1, next_cursor: null })));
    renderAt('/projects?country=AE&emirate=dubai&city=jebel_ali');

    expect(await screen.findByRole('heading', { level: 1, name: 'Find Projects in UAE' })).toBeInTheDocument();
    expect(screen.getByText('Discover opportunities across the Emirates')).toBeInTheDocument();
    expect(await screen.findByText('1 project found')).toBeInTheDocument();
    expect(searchCalls(api)[0]).toBe('limit=20&sort_by=created_at&q=Jebel+Ali&country=AE&emirate=dubai');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('Jebel Ali');

    const card = within(screen.getByRole('article'));
    for (const text of ['FEATURED', 'URGENT', 'Hourly', 'Cash Payment (Same Emirate Only)', 'Remote OK', 'On-site Required', '+2 more']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    // An hourly project's budget is a rate per hour.
    expect(card.getByText('AED 5,000 - 10,000/hr')).toBeInTheDocument();
    expect(card.getByText('Dubai')).toBeInTheDocument();
    expect(card.getByText('· Jebel Ali')).toBeInTheDocument();
    expect(card.getByText('Local Services')).toBeInTheDocument();
    expect(card.getByText('Apr 15, 2025')).toBeInTheDocument();
    expect(card.queryByText('welding')).toBeNull();
    expect(card.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(`/projects/${featuredCard.id}`);
    expect(screen.getByText('Budgets are shown in the local currency: UAE Dirham (AED).')).toBeInTheDocument();
  });

  it('says a fixed-price budget without a rate, and an hourly one per hour in Arabic', async () => {
    const hourly = jobCard({
      id: '55555555-5555-4555-8555-555555555555',
      title: 'AC maintenance',
      job_type: 'hourly',
      budget_min: 50,
      budget_max: 80,
    });
    mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [jobCard(), hourly], total: 2, next_cursor: null })));
    renderAt('/projects');
    const [fixed, perHour] = await screen.findAllByRole('article');
    expect(within(fixed!).getByText('AED 5,000 - 10,000')).toBeInTheDocument();
    expect(within(perHour!).getByText('AED 50 - 80/hr')).toBeInTheDocument();
    cleanup();

    await loadTranslations('ar');
    try {
      mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [jobCard(), hourly], total: 2, next_cursor: null })));
      renderAt('/projects');
      const [fixedAr, perHourAr] = await screen.findAllByRole('article');
      expect(within(fixedAr!).getByText('5,000 - 10,000 د.إ')).toBeInTheDocument();
      expect(within(perHourAr!).getByText('50 - 80 د.إ/ساعة')).toBeInTheDocument();
    } finally {
      await loadTranslations('en');
    }
  });

  it("reads 'All GCC Countries' as every country", async () => {
    const api = mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [jobCard()], total: 1, next_cursor: null })));
    renderAt('/projects?country=All%20GCC%20Countries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Projects in GCC' })).toBeInTheDocument();
    expect(screen.getByText('Discover opportunities across the Gulf region')).toBeInTheDocument();
    await waitFor(() => expect(searchCalls(api)).toEqual(['limit=20&sort_by=created_at']));
  });

  it('says how many projects a broad search found, every one counted', async () => {
    mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [jobCard()], total: 351_426, next_cursor: 'page-2' })));
    renderAt('/projects?q=design');
    expect(await screen.findByText('351,426 projects found')).toBeInTheDocument();
  });

  it('loads the next page with the cursor and the same filters', async () => {
    const api = mockApi(
      answer('GET', '/api/search/jobs', (call) =>
        call.query.get('cursor') === 'page-2'
          ? jsonResponse(200, {
              jobs: [jobCard({ id: 'second', title: 'Second page job' })],
              total: 2,
              next_cursor: null,
            })
          : jsonResponse(200, {
              jobs: [jobCard({ title: 'First page job' })],
              total: 2,
              next_cursor: 'page-2',
            }),
      ),
    );
    renderAt('/projects?country=QA&job_type=fixed');
    expect(await screen.findByText('First page job')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Projects' }));
    expect(await screen.findByText('Second page job')).toBeInTheDocument();
    expect(screen.getByText('First page job')).toBeInTheDocument();
    expect(searchCalls(api)[1]).toBe('limit=20&sort_by=created_at&job_type=fixed&country=QA&cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load More Projects' })).toBeNull();
  });

  it('searches 300 ms after typing stops and keeps the filters in the URL', async () => {
    const api = mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [jobCard()], total: 1, next_cursor: null })));
    const router = renderAt('/projects');
    await screen.findByText('Villa deep cleaning');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'vil' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'villa' } });
    expect(searchCalls(api)).toHaveLength(1);
    await waitFor(() => expect(searchCalls(api)).toHaveLength(2));
    expect(searchCalls(api)[1]).toBe('limit=20&sort_by=created_at&q=villa');
    expect(router.state.location.search).toBe('?q=villa');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort By' }), { target: { value: 'proposal_count' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=villa&sort_by=proposal_count'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });

  it('shows the empty state for a country, with Show All Projects and the social follow link', async () => {
    const api = mockApi(
      answer('GET', '/api/public/interface-settings', () =>
        jsonResponse(200, { ...defaultSiteSettings, instagram_url: 'https://instagram.com/mihna' }),
      ),
      answer('GET', '/api/search/jobs', (call) =>
        call.query.get('country')
          ? jsonResponse(200, { jobs: [], total: 0, next_cursor: null })
          : jsonResponse(200, { jobs: [jobCard()], total: 1, next_cursor: null }),
      ),
    );
    const router = renderAt('/projects?country=SA');
    expect(await screen.findByRole('heading', { name: 'No projects found in Saudi Arabia' })).toBeInTheDocument();
    expect(screen.queryByText(/projects found$/)).toBeNull();
    expect(screen.getByText('Budgets are shown in the local currency: Saudi Riyal (SAR).')).toBeInTheDocument();
    const follow = await screen.findByRole('link', { name: 'Follow us on Instagram to hear about new projects' });
    expect(follow.getAttribute('href')).toBe('https://instagram.com/mihna');

    fireEvent.click(screen.getByRole('button', { name: 'Show All Projects' }));
    expect(await screen.findByText('Villa deep cleaning')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(searchCalls(api).at(-1)).toBe('limit=20&sort_by=created_at');
  });

  it('says "No projects found" without a country', async () => {
    mockApi(answer('GET', '/api/search/jobs', () => jsonResponse(200, { jobs: [], total: 0, next_cursor: null })));
    renderAt('/projects');
    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria or filters to find more projects.')).toBeInTheDocument();
  });

  it('offers the next wider radius when nothing is near the point, and says how far it looked once something is', async () => {
    const api = mockApi(
      answer('GET', '/api/search/jobs', (call) =>
        call.query.get('radius_km') === '5'
          ? jsonResponse(200, { jobs: [], total: 0, next_cursor: null })
          : jsonResponse(200, { jobs: [jobCard({ distance_km: 9.2 })], total: 1, next_cursor: null }),
      ),
    );
    const router = renderAt('/projects?near_lat=25.08&near_lng=55.14&radius_km=5&sort_by=distance');
    fireEvent.click(await screen.findByRole('button', { name: 'Search within 10 km' }));
    expect(await screen.findByText('1 project within 10 km of you')).toBeInTheDocument();
    expect(screen.getByText('About 9 km away')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?near_lat=25.08&near_lng=55.14&radius_km=10&sort_by=distance');
    expect(searchCalls(api).at(-1)).toBe('limit=20&sort_by=distance&near_lat=25.08&near_lng=55.14&radius_km=10');
  });
});
