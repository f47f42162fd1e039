import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from '../../lib/router/index.tsx';
import {
  changeFilter,
  emptyFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  sameFilters,
  type ProfessionalFilters,
} from './search-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search form's values and the applied search, which lives in the URL so that a search can be shared
 * and survives a reload. Changes apply after a 300 ms pause, or at once with Search.
 */
export function useProfessionalFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const [draft, setDraft] = useState(applied);
  const written = useRef(searchParams.toString());

  // A URL we did not write (back, forward, a link) puts its filters in the form.
  useEffect(() => {
    const text = searchParams.toString();
    if (text === written.current) return;
    written.current = text;
    setDraft(filtersFromSearchParams(searchParams));
  }, [searchParams]);

  const apply = useCallback(
    (filters: ProfessionalFilters) => {
      const params = filtersToSearchParams(filters);
      written.current = params.toString();
      setSearchParams(params, { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  // Typing applies after a pause, unless the reader is already leaving for another screen.
  const isNavigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (isNavigating || sameFilters(draft, applied)) return;
    const timer = setTimeout(() => apply(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, apply, isNavigating]);

  return {
    draft,
    applied,
    change: <K extends keyof ProfessionalFilters>(name: K, value: ProfessionalFilters[K]) =>
      setDraft((current) => changeFilter(current, name, value)),
    search: () => apply(draft),
    clear: () => {
      setDraft(emptyFilters);
      apply(emptyFilters);
    },
  };
}
