import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A 503 with Retry-After: the server asks to be asked again shortly. */
const isComingBack = (error: unknown): error is ApiError & { retryAfterSeconds: number } =>
  error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A server still starting (a search index loading) says when to come back: the page keeps showing
        // that it loads and asks again then, for up to half a minute. A 4xx will not change on a retry.
        retry: (failureCount, error) => {
          if (isComingBack(error)) return failureCount < 15;
          return !(error instanceof ApiError && error.status < 500) && failureCount < 2;
        },
        retryDelay: (failureCount, error) =>
          isComingBack(error) ? error.retryAfterSeconds * 1000 : Math.min(1000 * 2 ** failureCount, 30_000),
      },
    },
  });
}
