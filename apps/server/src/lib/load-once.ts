import { requestMessages } from '@mihna/shared';
import { AppError } from './app-error.ts';

/** The longest a request waits for a load under way before it is told to come back (issue: ≤ 2 s). */
export const LOAD_PATIENCE_MS = 1_500;
const RETRY_AFTER_SECONDS = 2;

/**
 * Something a process loads once before it can answer at its normal speed (a search index: seconds at a
 * million projects). `start` begins the load; `within` waits for it at most `patienceMs` and says whether
 * it is done, so a request never waits longer than that; readiness (/readyz) asks `isLoaded`. A load that
 * fails is begun again by the next caller.
 */
export function loadOnce(load: () => Promise<unknown>) {
  let loading: Promise<void> | undefined;
  let isLoaded = false;
  let loadMs: number | undefined;

  function start(): Promise<void> {
    loading ??= (async () => {
      const started = performance.now();
      try {
        await load();
        loadMs = performance.now() - started;
        isLoaded = true;
      } catch (error) {
        loading = undefined;
        throw error;
      }
    })();
    return loading;
  }

  return {
    start,
    get isLoaded() {
      return isLoaded;
    },
    /** How long the load took, once it is done. */
    get loadMs() {
      return loadMs;
    },
    async within(patienceMs: number): Promise<boolean> {
      if (isLoaded) return true;
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), patienceMs)));
      try {
        return await Promise.race([start().then(() => true), patience]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type LoadOnce = ReturnType<typeof loadOnce>;

/** Waits for `load` at most LOAD_PATIENCE_MS; still loading, the request is answered 503 with Retry-After (the web app retries quietly). */
export async function requireLoaded(load: LoadOnce) {
  if (!(await load.within(LOAD_PATIENCE_MS))) throw new AppError('unavailable', requestMessages.searchStarting, RETRY_AFTER_SECONDS);
}
