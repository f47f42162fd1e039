import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../lib/router/index.tsx';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CountrySelect } from './layout/country-select.tsx';
import { initI18n } from '../i18n/index.ts';
import { routes } from './router.tsx';

// The screens these paths lead to arrive with later features; stand-ins show where a redirect lands.
const standIns: RouteObject[] = ['/projects', '/projects/:projectId', '/professionals', '/professionals/:professionalId'].map((path) => ({
  path,
  element: <p>stand-in</p>,
}));

function createTestRouter(initialPath: string) {
  const children = routes.find((route) => route.children)?.children ?? [];
  return createMemoryRouter([{ element: <CountrySelect />, children: [...children, ...standIns] }], { initialEntries: [initialPath] });
}

function renderRouter(initialPath: string) {
  const router = createTestRouter(initialPath);
  render(<RouterProvider router={router} />);
  return router;
}

const locationOf = (router: ReturnType<typeof createTestRouter>) => `${router.state.location.pathname}${router.state.location.search}`;

describe('route table', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it.each([
    ['/jobs', '/projects'],
    ['/jobs?country=QA', '/projects?country=QA'],
    ['/jobs/42', '/projects/42'],
    ['/workers', '/professionals'],
    ['/experts', '/professionals'],
    ['/experts/7', '/professionals/7'],
    ['/no/such/page', '/'],
  ])('redirects %s to %s', async (from, to) => {
    const router = renderRouter(from);
    await waitFor(() => expect(locationOf(router)).toBe(to));
  });

  it('the country selector opens the project search for one country, or for all', async () => {
    const router = renderRouter('/professionals');
    const select = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(select, { target: { value: 'KW' } });
    await waitFor(() => expect(locationOf(router)).toBe('/projects?country=KW'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country' }).value).toBe('KW');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: '' } });
    await waitFor(() => expect(locationOf(router)).toBe('/projects'));
  });
});
