// Free of zod so that the first page load of the web app stays small.
/** The closed set of error codes the API answers with; each maps to one HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** An admin session that has not yet set up its second factor: only the setting up answers. */
  second_factor_setup_required: 403,
  /** An action that moves money or takes over an account, without a second factor proved in the last five minutes. */
  step_up_required: 403,
  /** A payout from a country whose professionals must first verify their national identity (PAYOUTS_REQUIRE_IDENTITY). */
  identity_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  /** Moderation refused a text outright (a serious violation); 422 like any refused field. */
  content_refused: 422,
  locked: 423,
  rate_limited: 429,
  /** Too many failed logins: the next one needs a solved captcha. */
  captcha_required: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Reads a server error the way the specification says clients do: detail, then message, then a default. */
export function readErrorDetail(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail) return detail;
  if (Array.isArray(detail)) {
    const texts = detail
      .map((item: unknown) => (typeof item === 'object' && item !== null ? (item as { msg?: unknown }).msg : undefined))
      .filter((msg): msg is string => typeof msg === 'string');
    if (texts.length > 0) return texts.join(' ');
  }
  if (typeof detail === 'object' && detail !== null) {
    const nested = (detail as { message?: unknown }).message;
    if (typeof nested === 'string' && nested) return nested;
  }
  if (typeof message === 'string' && message) return message;
  return fallback;
}
