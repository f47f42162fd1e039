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
  /** Staff's own words for why, when the server sends them (a suspended account's reason at sign-in). */
  readonly reason: string | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** From Retry-After: how long a throttled or locked request must wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(readErrorDetail(body, messages.unexpectedError));
    this.code = errorCodeOf(body);
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
    this.reason = typeof reason === 'string' && reason !== '' ? reason : undefined;
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

type RequestOptions = {
  method?: string;
  /** JSON, or a file's bytes sent as they are (application/octet-stream). */
  body?: unknown;
  /** More headers (a file's name beside its bytes). */
  headers?: Record<string, string>;
  query?: Query;
  signal?: AbortSignal;
  /** Another bearer token than the user's session (the admin console's), or null for none. */
  token?: string | null;
};

/** Sends a request with the bearer token when there is one; an error answer throws ApiError. */
async function send(path: string, accept: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept, ...options.headers };
  const token = options.token === undefined ? sessionToken.read() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const isFile = options.body instanceof Blob;
  if (options.body !== undefined) headers['content-type'] = isFile ? 'application/octet-stream' : 'application/json';

  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : isFile ? (options.body as Blob) : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, text ? safeJson(text) : undefined, retryAfter > 0 ? retryAfter : undefined);
  }
  return response;
}

/** The one way the web app calls the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const text = await (await send(path, 'application/json', options)).text();
  return (text ? safeJson(text) : undefined) as T;
}

/** A file the API sends (a PDF), with the name its Content-Disposition gives it. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, '*/*', options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
