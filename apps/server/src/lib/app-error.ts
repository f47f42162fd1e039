import { errorStatus, type ErrorCode, type ValidationIssue } from '@mihna/shared';

/** The one error type services throw; the error handler turns it into `{ detail, code }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string | ValidationIssue[],
  ) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (detail = 'Not Found') => new AppError('not_found', detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new AppError('forbidden', detail);
export const conflict = (detail: string) => new AppError('conflict', detail);
export const tooManyRequests = (detail: string) => new AppError('rate_limited', detail);
