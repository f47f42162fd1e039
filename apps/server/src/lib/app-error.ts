import { errorStatus, type ErrorCode, type ServerMessage, type ValidationIssue } from '@mihna/shared';

/** A refused field, saying why in the catalogue's words. */
export type RefusedField = Omit<ValidationIssue, 'msg'> & { msg: ServerMessage };

/** The one error type services throw; the error handler turns it into `{ detail, code }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: ServerMessage | RefusedField[],
    /** Sent as Retry-After: when a throttled or locked request may be made again. */
    readonly retryAfterSeconds?: number,
    /** Staff's own words for why (a suspended account's reason), sent beside the detail. */
    readonly reason?: string,
  ) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
    this.statusCode = errorStatus[code];
  }
}

export const tooManyRequests = (detail: ServerMessage, retryAfterSeconds?: number) =>
  new AppError('rate_limited', detail, retryAfterSeconds);
