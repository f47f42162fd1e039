import { errorStatus, type ErrorCode, type ValidationIssue } from '@mihna/shared';

/** The one error type services throw; the error handler turns it into `{ detail, code }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string | ValidationIssue[],
    /** Sent as Retry-After: when a throttled or locked request may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
    this.statusCode = errorStatus[code];
  }
}

export const tooManyRequests = (detail: string, retryAfterSeconds?: number) => new AppError('rate_limited', detail, retryAfterSeconds);
