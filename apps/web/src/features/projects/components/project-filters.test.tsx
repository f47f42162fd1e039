import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeFilter, emptyFilters } from '../lib/search-filters.ts';
import { loadTranslations } from '../testing.tsx';
import { ProjectFiltersPanel } from './project-filters.tsx';

function Harness({ onSearch = () => undefined }: { onSearch?: () => void }) {
  const [filters, setFilters] = useState(emptyFilters);
  return (
    <ProjectFiltersPanel
      filters={filters}
      onChange={(field, value) => setFilters((current) => changeFilter(current, field, value))}
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
});
