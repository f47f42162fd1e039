import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * The fields a 422 answer refused, each with its first message (the spec's words, translated by the
 * caller); null for any other failure, which screens answer with their own "could not load" line.
 * `aliases` renames the API's field names to the form's ('emirate' → 'region').
 */
export function refusedFields(error: unknown, aliases: Record<string, string> = {}): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return null;
  const fields: Record<string, string> = {};
  for (const issue of detail as { loc?: unknown[]; msg?: unknown }[]) {
    const name = issue.loc?.at(-1);
    if (typeof name !== 'string' || typeof issue.msg !== 'string') continue;
    const field = aliases[name] ?? name;
    fields[field] ??= issue.msg;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Puts the server's field errors (422 with `loc: ['body', field]`) on the form's fields; true if any were. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  const refused = Object.entries(refusedFields(error) ?? {}).filter(([field]) => fields.includes(field));
  for (const [field, message] of refused) setError(field as Path<T>, { message });
  return refused.length > 0;
}
