import { useCallback } from 'react';
import { ApiError } from './api-client.ts';
import { useValidationMessage } from './validation-message.ts';

/**
 * The server's own words about a refused request (its `detail`, one text or a list of issues), or null
 * when there are none worth showing: network failures and server faults get the screen's fallback.
 */
export function serverDetails(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string' && detail) return [detail];
  if (!Array.isArray(detail)) return null;
  const texts = detail
    .map((issue: unknown) => (typeof issue === 'object' && issue !== null ? (issue as { msg?: unknown }).msg : undefined))
    .filter((text): text is string => typeof text === 'string' && text !== '');
  return texts.length > 0 ? texts : null;
}

/** Reads a failed call as the reader's language puts it: the server's detail translated, else the fallback. */
export function useServerMessage() {
  const translate = useValidationMessage();
  return useCallback(
    (error: unknown, fallback: string, options: { statuses?: readonly number[] } = {}) => {
      if (options.statuses && !(error instanceof ApiError && options.statuses.includes(error.status))) return fallback;
      const details = serverDetails(error);
      return details ? details.map((text) => translate(text) ?? text).join(' ') : fallback;
    },
    [translate],
  );
}
