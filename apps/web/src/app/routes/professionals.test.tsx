import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { jsonResponse, publicUser, renderScreen, stubApi, type ApiCall } from '../../features/professionals/test-support.tsx';
import ProfessionalsPage from './professionals.tsx';

const page = (professionals: ReturnType<typeof publicUser>[], pagination: { total: number; skip?: number; has_next?: boolean }) =>
  jsonResponse(200, {
    professionals,
    pagination: { skip: pagination.skip ?? 0, limit: 20, total: pagination.total, has_next: pagination.has_next ?? false },
  });

const searches = (calls: ApiCall[]) => calls.filter((call) => call.url.pathname === '/api/search/professionals');

describe('/professionals', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('professionals');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches with the filters in the URL, says so when nothing matches, and Show All clears them', async () => {
    const calls = stubApi(({ url }) =>
      url.searchParams.get('country') === 'SA' ? page([], { total: 0 }) : page([publicUser()], { total: 1 }),
    );
    const router = renderScreen(<ProfessionalsPage />, { path: '/professionals', at: '/professionals?country=SA&region=riyadh' });

    expect(await screen.findByRole('heading', { name: 'No professionals found in Saudi Arabia' })).toBeInTheDocument();
    expect(Object.fromEntries(searches(calls)[0]!.url.searchParams)).toEqual({
      country: 'SA',
      region: 'riyadh',
      sort_by: 'rating',
      skip: '0',
      limit: '20',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Region').value).toBe('riyadh');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum hourly rate').placeholder).toBe('SAR');

    fireEvent.click(screen.getByRole('button', { name: 'Show All Professionals' }));
    expect(await screen.findByText('1 professional found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Layla Haddad' })).toBeInTheDocument();
  });

  it('offers the emirates for the UAE and clears the emirate when the country changes', async () => {
    const calls = stubApi(() => page([], { total: 0 }));
    const router = renderScreen(<ProfessionalsPage />, { path: '/professionals', at: '/professionals' });
    await screen.findByRole('heading', { name: 'No professionals found' });
    expect(screen.queryByLabelText('Emirate')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Minimum hourly rate').placeholder).toBe('AED');

    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'AE' } });
    const emirate = screen.getByLabelText<HTMLSelectElement>('Emirate');
    expect(Array.from(emirate.options, (option) => option.value)).toContain('fujairah');
    fireEvent.change(emirate, { target: { value: 'dubai' } });
    await waitFor(() => expect(router.state.location.search).toBe('?country=AE&emirate=dubai'));
    await waitFor(() => expect(searches(calls).at(-1)!.url.searchParams.get('emirate')).toBe('dubai'));

    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'QA' } });
    expect(screen.queryByLabelText('Emirate')).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Municipality').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum hourly rate').placeholder).toBe('QAR');
    await waitFor(() => expect(router.state.location.search).toBe('?country=QA'));
  });

  it('waits for a pause in typing before searching', async () => {
    const calls = stubApi(() => page([], { total: 0 }));
    const router = renderScreen(<ProfessionalsPage />, { path: '/professionals', at: '/professionals' });
    await screen.findByRole('heading', { name: 'No professionals found' });

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'rea' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'react' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(searches(calls)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=react'));
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]!.url.searchParams.get('q')).toBe('react');
  });

  it('shows local service choices only for Local Services, and loads the next 20 on Load More', async () => {
    const first = Array.from({ length: 20 }, (_, index) => publicUser({ id: `id-${index}`, first_name: `Pro${index}` }));
    const calls = stubApi(({ url }) =>
      url.searchParams.get('skip') === '20'
        ? page([publicUser({ id: 'id-20', first_name: 'Last' })], { total: 21, skip: 20 })
        : page(first, { total: 21, has_next: true }),
    );
    renderScreen(<ProfessionalsPage />, { path: '/professionals', at: '/professionals' });
    expect(await screen.findByText('21 professionals found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Service category')).toBeNull();
    fireEvent.change(screen.getByLabelText('Industry'), { target: { value: 'local_services' } });
    fireEvent.change(screen.getByLabelText('Service category'), { target: { value: 'cleaning_services' } });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'maid_service' } });
    fireEvent.change(screen.getByLabelText('Service category'), { target: { value: 'personal_services' } });
    expect(screen.getByLabelText<HTMLSelectElement>('Service').value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Load More Professionals' }));
    expect(await screen.findByRole('heading', { name: 'Last Haddad' }, { timeout: 5000 })).toBeInTheDocument();
    expect(searches(calls).some((call) => call.url.searchParams.get('skip') === '20')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load More Professionals' })).toBeNull();
  });
});
