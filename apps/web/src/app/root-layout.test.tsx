import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../test/testing.tsx';
import { initI18n } from '../i18n/index.ts';
import { useSearchParams } from '../lib/router/index.tsx';
import { RootLayout } from './root-layout.tsx';

let mounts = 0;

/** A page that counts its mounts and rewrites its query, as the search pages do while one types. */
function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    mounts += 1;
  }, []);
  return (
    <div>
      <h1>search {params.get('q') ?? ''}</h1>
      <input aria-label="query" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <button onClick={() => setParams({ q: typed }, { replace: true })}>apply</button>
    </div>
  );
}

function Broken(): never {
  throw new Error('a bug');
}

describe('the page frame', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps a page (and what was typed in it) when it rewrites its query', async () => {
    mockApi();
    mounts = 0;
    const router = renderRoutes([{ element: <RootLayout />, children: [{ path: 'search', element: <SearchPage /> }] }], '/search');
    fireEvent.change(await screen.findByLabelText('query'), { target: { value: 'villa' } });
    fireEvent.click(screen.getByRole('button', { name: 'apply' }));
    await act(async () => {});
    expect(router.state.location.search).toBe('?q=villa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('search villa');
    expect(screen.getByLabelText<HTMLInputElement>('query').value).toBe('villa');
    expect(mounts).toBe(1);
  });

  it('shows a page that fails to draw as an error in the frame, and the next page afresh', async () => {
    mockApi();
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'search', element: <SearchPage /> },
          ],
        },
      ],
      '/broken',
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be shown.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    await act(async () => {
      await router.navigate('/search');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('search ');
    expect(screen.queryByText('This page could not be shown.')).toBeNull();
    report.mockRestore();
  });
});
