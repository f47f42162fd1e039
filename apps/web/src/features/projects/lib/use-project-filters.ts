import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigation, useSearchParams } from '../../../lib/router/index.tsx';
import { languageOf } from '../../../lib/format.ts';
import {
  changeFilter,
  emptyFilters,
  readFilters,
  typedFields,
  writeFilters,
  type FilterField,
  type ProjectFilters,
} from './search-filters.ts';

/** The specification's search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The project search's filters, kept in the URL so that back and refresh bring them back: `draft` is what
 * the form shows, `applied` what the URL (and so the search) holds. Choices apply at once; typing applies
 * once the reader pauses for 300 ms, or at once with Search Projects.
 */
export function useProjectFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const search = searchParams.toString();
  const applied = useMemo(() => readFilters(new URLSearchParams(search), language), [search, language]);
  const [draft, setDraftState] = useState(applied);
  // The form as it stands now, for a change that lands later than the render that asked for it (a position).
  const latest = useRef(applied);
  const setDraft = useCallback((next: ProjectFilters) => {
    latest.current = next;
    setDraftState(next);
  }, []);
  const written = useRef(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A URL the form did not write (the header's country menu, back and forward) replaces what it shows.
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    clearTimeout(timer.current);
    setDraft(applied);
  }, [search, applied, setDraft]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Leaving for another screen (View Details) must not be undone by a search the reader typed just before.
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== 'idle') clearTimeout(timer.current);
  }, [navigation.state]);

  /** Writes the filters to the URL; false when the URL already held them. */
  const apply = useCallback(
    (filters: ProjectFilters) => {
      clearTimeout(timer.current);
      const next = writeFilters(filters).toString();
      if (next === written.current) return false;
      written.current = next;
      setSearchParams(new URLSearchParams(next), { replace: true, preventScrollReset: true });
      return true;
    },
    [setSearchParams],
  );

  const change = (field: FilterField, value: string) => {
    const next = changeFilter(draft, field, value);
    setDraft(next);
    if (!typedFields.includes(field)) {
      apply(next);
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
  };

  /** Searches around a point at once, keeping whatever else the reader set meanwhile. */
  const place = (point: Partial<ProjectFilters>) => {
    const next = { ...latest.current, ...point };
    setDraft(next);
    apply(next);
  };

  const clear = () => {
    setDraft(emptyFilters);
    return apply(emptyFilters);
  };

  return { draft, applied, change, place, submit: () => apply(draft), clear };
}

export type ProjectFiltersState = ReturnType<typeof useProjectFilters>;
