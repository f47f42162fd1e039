/** Where the reader is: an address within the app and the state a navigation left with it. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Tells apart two visits to the same address (scroll positions are kept per key). */
  key: string;
}

export type Action = 'POP' | 'PUSH' | 'REPLACE';

/** The browser's session history, or a list in memory for tests and the build's page drawing. */
export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Called when the reader moves through history (back, forward), with the location they arrived at. */
  listen(listener: (location: Location) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A path (`/projects?q=villa#top`) as a location, with `state`. */
export function locationOf(path: string, state: unknown = null, key = newKey()): Location {
  const url = new URL(path, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

export const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

interface Entry {
  key: string;
  state: unknown;
}

const entryOf = (value: unknown): Entry | null =>
  typeof value === 'object' && value !== null && typeof (value as Entry).key === 'string' ? (value as Entry) : null;

export function createBrowserHistory(): History {
  /** The current entry. One the app did not write (the first page of a visit, a #fragment link) gets a
   * key of its own, so scroll positions are not shared between entries. */
  const read = (): Location => {
    const entry = entryOf(window.history.state);
    const current = locationOf(hrefOf(window.location), entry?.state ?? null, entry?.key);
    if (!entry) window.history.replaceState({ key: current.key, state: current.state } satisfies Entry, '');
    return current;
  };
  let location = read();
  const write = (next: Location, method: 'pushState' | 'replaceState') => {
    window.history[method]({ key: next.key, state: next.state } satisfies Entry, '', hrefOf(next));
    location = next;
  };
  return {
    get location() {
      return location;
    },
    push: (next) => write(next, 'pushState'),
    replace: (next) => write(next, 'replaceState'),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => {
        location = read();
        listener(location);
      };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries = initialEntries.map((path) => locationOf(path));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(next) {
      entries.splice(index + 1, entries.length, next);
      index = entries.length - 1;
    },
    replace(next) {
      entries[index] = next;
    },
    go(delta) {
      const target = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (target === index) return;
      index = target;
      for (const listener of listeners) listener(entries[index]!);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
