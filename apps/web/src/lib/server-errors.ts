import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** Puts the server's field errors (422 with `loc: ['body', field]`) on the form's fields; true if any were. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const detail = (error.body as { detail?: unknown }).detail;
  if (!Array.isArray(detail)) return false;
  let isApplied = false;
  for (const issue of detail as { loc?: unknown[]; msg?: string }[]) {
    const field = issue.loc?.[1];
    if (typeof field === 'string' && fields.includes(field) && issue.msg) {
      setError(field as Path<T>, { message: issue.msg });
      isApplied = true;
    }
  }
  return isApplied;
}
