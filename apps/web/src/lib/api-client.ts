import { errorStatus, messages, readErrorDetail, type ErrorCode } from '@mihna/shared';
import { storage } from './storage.ts';

const TOKEN_KEY = 'mihna.token';

/**
 * Tells the server, without the token, that this browser is signed in: it then sends the page
 * skeleton instead of the public page it drew for visitors, whose header would not match
 * (apps/server/src/plugins/first-load.ts).
 */
function markSignedIn(signedIn: boolean) {
  if (typeof document === 'undefined') return; // the build's prerender (src/prerender.tsx)
  document.cookie = signedIn
    ? 'mihna.signed_in=1; path=/; max-age=31536000; samesite=lax'
    : 'mihna.signed_in=; path=/; max-age=0; samesite=lax';
}

export const sessionToken = {
  read: () => {
    const token = storage.get(TOKEN_KEY);
    markSignedIn(token !== null);
    return token;
  },
  write: (token: string) => {
    storage.set(TOKEN_KEY, token);
    markSignedIn(true);
  },
  clear: () => {
    storage.remove(TOKEN_KEY);
    markSignedIn(false);
  },
};

const errorCodeOf = (body: unknown): ErrorCode | undefined => {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code in errorStatus ? (code as ErrorCode) : undefined;
};

/** An error answer from the API, with the detail read the way the specification says. */
export class ApiError extends Error {
  /** The server's code for what went wrong: screens decide by it, never by the words of the detail. */
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** From Retry-After: how long a throttled or locked request must wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(readErrorDetail(body, messages.unexpectedError));
    this.code = errorCodeOf(body);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The one way the web app calls the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(
  path: string,
  options: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionToken.read();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, body, retryAfter > 0 ? retryAfter : undefined);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
