import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { Header } from './header.tsx';

const renderHeader = () => renderRoutes([{ path: '*', element: <Header /> }], '/');

describe('the header', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('offers an employer Post a Project', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderHeader();
    const navigation = await screen.findAllByRole('navigation', { name: 'Main navigation' });
    const link = await within(navigation[0]!).findByRole('link', { name: 'Post a Project' });
    expect(link.getAttribute('href')).toBe('/post-job');
  });

  it('does not offer it to a professional or a visitor', async () => {
    mockApi(signedInAs({ role: 'professional' }));
    renderHeader();
    await screen.findByText('Aisha Khan');
    expect(screen.queryByRole('link', { name: 'Post a Project' })).toBeNull();
  });
});
