import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../lib/router/index.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { Footer } from './footer.tsx';

function renderFooter() {
  const router = createMemoryRouter([{ path: '/', element: <Footer /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const settingsResponse = (changes: Record<string, unknown>) =>
  import('@mihna/shared').then(
    ({ defaultSiteSettings }) =>
      new Response(JSON.stringify({ ...defaultSiteSettings, ...changes }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('Footer', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uses the built-in settings, without a message, when the settings call fails', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderFooter();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'hello@mihna.ae' })).toBeInTheDocument();
    expect(screen.getByText('Professionals. Hourly.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'LinkedIn' })).toBeNull();
  });

  it('shows the contact details and only the social links the settings have', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        settingsResponse({
          contact_email: 'team@mihna.ae',
          linkedin_url: 'https://www.linkedin.com/company/mihna',
          site_name: 'Mihna Gulf',
        }),
      ),
    );
    renderFooter();
    expect(await screen.findByRole('link', { name: 'team@mihna.ae' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe('https://www.linkedin.com/company/mihna');
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.getAllByText('Mihna Gulf').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('/how-it-works');
  });
});
