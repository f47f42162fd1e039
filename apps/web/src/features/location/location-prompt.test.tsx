import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { GEOLOCATION_OPTIONS } from '../../lib/geolocation.ts';
import { LocationPrompt } from './location-prompt.tsx';

const dubai = { id: 'dubai', name: { en: 'Dubai', ar: 'دبي' } };
const updated = answer('POST', '/api/location/update', () =>
  jsonResponse(200, {
    message: 'Location updated',
    address: {
      city: { id: 'jebel_ali', name: { en: 'Jebel Ali', ar: 'جبل علي' } },
      region: dubai,
      country: { code: 'AE', name: { en: 'United Arab Emirates', ar: 'الإمارات' } },
      distance_km: 9.1,
    },
  }),
);

/** The browser's permission and position as a test sets them. */
function browserLocation(state: PermissionState, position: 'found' | 'fails') {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null, _options?: PositionOptions) => {
    if (position === 'found') found({ coords: { latitude: 25.0805, longitude: 55.1403, accuracy: 18 } } as GeolocationPosition);
    else failed?.({ code: 3, message: 'Timeout' } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition },
    permissions: { query: () => Promise.resolve({ state, addEventListener: () => undefined, removeEventListener: () => undefined }) },
  });
  return getCurrentPosition;
}

const renderPrompt = () => renderRoutes([{ path: '/dashboard', element: <LocationPrompt /> }], '/dashboard');

describe('the location prompt', () => {
  beforeAll(async () => {
    await loadTranslations('en');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks, then sends the position (10 s, 5 minutes old at most, high accuracy), names the place and leads to the projects near it', async () => {
    const getCurrentPosition = browserLocation('prompt', 'found');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi(signedInAs({ role: 'professional' }), updated);
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable location' }));
    expect(await screen.findByText('Location enabled: Jebel Ali, Dubai.')).toBeTruthy();
    // Nearest first within 25 km, of a point rounded to about a kilometre.
    expect(screen.getByRole('link', { name: 'See projects near you' }).getAttribute('href')).toBe(
      '/projects?near_lat=25.08&near_lng=55.14&radius_km=25&sort_by=distance',
    );
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual(GEOLOCATION_OPTIONS);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
    expect(api.calls.find((call) => call.path === '/api/location/update')?.body).toEqual({
      latitude: 25.0805,
      longitude: 55.1403,
      location_accuracy: 18,
    });
  });

  it('says when the position cannot be had', async () => {
    browserLocation('prompt', 'fails');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', '/api/location/ip', () => jsonResponse(200, { country_name: 'Saudi Arabia', country_code: 'SA' })),
    );
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable location' }));
    expect(await screen.findByText('Failed to get location.')).toBeTruthy();
    // The country by the visitor's address leads to its projects.
    expect((await screen.findByRole('link', { name: 'See projects in Saudi Arabia' })).getAttribute('href')).toBe('/projects?country=SA');
  });

  it('says nothing more when the country by address cannot be had either', async () => {
    browserLocation('prompt', 'fails');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', '/api/location/ip', () => jsonResponse(502, { detail: 'Bad Gateway', code: 'bad_gateway' })),
    );
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable location' }));
    expect(await screen.findByText('Failed to get location.')).toBeTruthy();
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/location/ip')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: /See projects/ })).toBeNull();
    expect(screen.queryByText('Bad Gateway')).toBeNull();
  });

  it('says when the browser cannot give a position at all', async () => {
    const { geolocation: _none, ...withoutGeolocation } = Object.getOwnPropertyDescriptors(Object.getPrototypeOf(navigator));
    vi.stubGlobal('navigator', Object.create(Object.prototype, withoutGeolocation));
    mockApi(signedInAs({ role: 'professional' }));
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable location' }));
    expect(await screen.findByText('Geolocation not supported by this browser')).toBeTruthy();
  });

  it('tells how to allow a blocked location, and stays dismissed once dismissed', async () => {
    browserLocation('denied', 'fails');
    mockApi(signedInAs({ role: 'employer' }));
    renderPrompt();
    expect(await screen.findByText(/Location access is blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enable location' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Location access is blocked/)).toBeNull();
    cleanup();
    renderPrompt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Location access is blocked/)).toBeNull();
  });

  it('stays out of the way once granted, keeping the stored position fresh', async () => {
    const getCurrentPosition = browserLocation('granted', 'found');
    mockApi(signedInAs({ role: 'professional' }), updated);
    renderPrompt();
    await vi.waitFor(() => expect(getCurrentPosition).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });
});
