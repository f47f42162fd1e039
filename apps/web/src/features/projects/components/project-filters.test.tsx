import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeFilter, emptyFilters, type ProjectFilters } from '../lib/search-filters.ts';
import { loadTranslations } from '../../../test/testing.tsx';
import { ProjectFiltersPanel } from './project-filters.tsx';

function Harness({ onSearch = () => undefined, initial = emptyFilters }: { onSearch?: () => void; initial?: ProjectFilters }) {
  const [filters, setFilters] = useState(initial);
  return (
    <ProjectFiltersPanel
      filters={filters}
      onChange={(field, value) => setFilters((current) => changeFilter(current, field, value))}
      onPlace={(point) => setFilters((current) => ({ ...current, ...point }))}
      onSearch={onSearch}
      onClear={() => setFilters(emptyFilters)}
    />
  );
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionTexts = (element: HTMLSelectElement) => Array.from(element.options).map((option) => option.text);

describe('ProjectFiltersPanel', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(cleanup);

  it('offers the emirates as "All Emirates (UAE)" without a country, and the chosen country regions under its label', () => {
    render(<Harness />);
    expect(optionTexts(select('Emirate'))).toEqual(expect.arrayContaining(['All Emirates (UAE)', 'Dubai', 'Sharjah']));
    expect(optionTexts(select('Country'))).toEqual([
      'All GCC Countries',
      'United Arab Emirates',
      'Saudi Arabia',
      'Qatar',
      'Kuwait',
      'Oman',
      'Bahrain',
    ]);

    fireEvent.change(select('Emirate'), { target: { value: 'dubai' } });
    fireEvent.change(select('Country'), { target: { value: 'SA' } });
    expect(select('Region').value).toBe('');
    expect(optionTexts(select('Region'))).toContain('Riyadh');
    expect(optionTexts(select('Region'))).not.toContain('Dubai');

    fireEvent.change(select('Region'), { target: { value: 'riyadh' } });
    fireEvent.change(select('Country'), { target: { value: 'AE' } });
    expect(select('Emirate').value).toBe('');
    expect(optionTexts(select('Emirate'))[0]).toBe('All Emirates');
  });

  it('shows the budget currency of the chosen country in the placeholders', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Min Budget').getAttribute('placeholder')).toBe('AED');
    fireEvent.change(select('Country'), { target: { value: 'KW' } });
    expect(screen.getByLabelText('Min Budget').getAttribute('placeholder')).toBe('KWD');
    expect(screen.getByLabelText('Max Budget').getAttribute('placeholder')).toBe('KWD');
  });

  it('shows the local service fields only for Local Services, and clears them when the industry or category changes', () => {
    render(<Harness />);
    expect(screen.queryByRole('combobox', { name: 'Service Category' })).toBeNull();

    fireEvent.change(select('Industry'), { target: { value: 'local_services' } });
    expect(select('Service').disabled).toBe(true);
    fireEvent.change(select('Service Category'), { target: { value: 'cleaning_services' } });
    expect(select('Service').disabled).toBe(false);
    fireEvent.change(select('Service'), { target: { value: 'maid_service' } });
    expect(select('Service').value).toBe('maid_service');

    fireEvent.change(select('Service Category'), { target: { value: 'personal_services' } });
    expect(select('Service').value).toBe('');

    fireEvent.change(select('Industry'), { target: { value: 'technology_it' } });
    expect(screen.queryByRole('combobox', { name: 'Service Category' })).toBeNull();
    fireEvent.change(select('Industry'), { target: { value: 'local_services' } });
    expect(select('Service Category').value).toBe('');
  });

  it('offers the project types and sorts of the specification, and searches on submit', () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    expect(optionTexts(select('Project Type'))).toEqual(['All', 'Hourly', 'Fixed Price']);
    expect(optionTexts(select('Sort By'))).toEqual(['Latest First', 'Highest Budget', 'Least Competition']);
    fireEvent.click(screen.getByRole('button', { name: 'Search Projects' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches near the reader once the browser gives a position, offers nearest first and a radius, and goes back to anywhere', async () => {
    const getCurrentPosition = vi.fn((found: PositionCallback, _failed?: PositionErrorCallback | null, _options?: PositionOptions) =>
      found({ coords: { latitude: 25.08051, longitude: 55.14029, accuracy: 20 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    try {
      render(<Harness />);
      expect(optionTexts(select('Sort By'))).not.toContain('Nearest First');
      fireEvent.click(screen.getByRole('button', { name: 'Projects near me' }));
      expect(await screen.findByRole('combobox', { name: 'Distance' })).toBeTruthy();
      // Focus moves on to the control that replaced the button.
      await vi.waitFor(() => expect(document.activeElement).toBe(select('Distance')));
      expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
      expect(select('Distance').value).toBe('25');
      expect(optionTexts(select('Distance'))).toEqual(['Within 5 km', 'Within 10 km', 'Within 25 km', 'Within 50 km', 'Within 100 km']);
      expect(select('Sort By').value).toBe('distance');
      expect(optionTexts(select('Sort By'))).toContain('Nearest First');
      fireEvent.change(select('Distance'), { target: { value: '50' } });
      expect(select('Distance').value).toBe('50');
      fireEvent.click(screen.getByRole('button', { name: 'Search anywhere, not near your location' }));
      expect(screen.queryByRole('combobox', { name: 'Distance' })).toBeNull();
      expect(select('Sort By').value).toBe('created_at');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Projects near me' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says how to allow a refused position, and searches nothing new', async () => {
    const getCurrentPosition = vi.fn((_found: PositionCallback, failed?: PositionErrorCallback | null) =>
      failed?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    try {
      render(<Harness />);
      fireEvent.click(screen.getByRole('button', { name: 'Projects near me' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(/Location access is blocked for this site/);
      expect(screen.queryByRole('combobox', { name: 'Distance' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a radius from a link that the list does not offer in its place, Arabic digits read', () => {
    const near = { ...emptyFilters, near_lat: '25.08', near_lng: '55.14', sort_by: 'distance' };
    render(<Harness initial={{ ...near, radius_km: '٧٫٥' }} />);
    expect(select('Distance').value).toBe('٧٫٥');
    expect(optionTexts(select('Distance'))).toEqual([
      'Within 5 km',
      'Within 7.5 km',
      'Within 10 km',
      'Within 25 km',
      'Within 50 km',
      'Within 100 km',
    ]);
    cleanup();
    render(<Harness initial={{ ...near, radius_km: '' }} />);
    expect(select('Distance').value).toBe('25');
  });
});
