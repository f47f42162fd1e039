import { messages, type JobSearchParams } from '@mihna/shared';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';

/** The position after the last job of a page: which part (featured or not) and that job's sort key. */
export interface Cursor {
  featured: boolean;
  /** The sort column's value (budget or proposal count) as text; absent for the newest-first sort. */
  value?: string;
  created: string;
  id: string;
  /** The order it continues (`orderOf`); cursors made before it was recorded have none. */
  order?: string;
}

/** The order a search's pages follow: its sort, and for nearest first the point distances are measured from. */
export const orderOf = (params: JobSearchParams) =>
  params.sort_by === 'distance' && params.near ? `distance@${params.near.lat},${params.near.lng}` : params.sort_by;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** PostgreSQL's text form of a timestamptz ('2026-11-01 08:01:00.123456+00'), and a real moment. */
function isTimestamp(text: string) {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(text);
  if (!match) return false;
  const [, day, hours, minutes, seconds] = match;
  const date = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(day ?? '') &&
    Number(hours) < 24 &&
    Number(minutes) < 60 &&
    Number(seconds) < 60
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A creation time in microseconds since the epoch, in PostgreSQL's text form, in UTC. */
export function timestampText(microseconds: number) {
  const milliseconds = Math.floor(microseconds / 1000);
  const date = new Date(milliseconds);
  const fraction = pad(microseconds - milliseconds * 1000 + date.getUTCMilliseconds() * 1000, 6);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${fraction}+00`;
}

/** The microseconds since the epoch of a timestamp's text (one that passed `isTimestamp`). */
export function timestampMicroseconds(text: string) {
  const [, day, time, fraction = '', sign, hours, minutes = ':00'] =
    /^(\S+) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?([+-])(\d{2})(:\d{2})?$/.exec(text) ?? [];
  const offsetMs = (Number(hours) * 60 + Number(minutes.slice(1))) * 60_000 * (sign === '-' ? -1 : 1);
  return (Date.parse(`${day}T${time}Z`) - offsetMs) * 1000 + Number(fraction.padEnd(6, '0'));
}

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { featured, value: sortValue, created, id, order } = value as Record<string, unknown>;
    const isNumber = sortValue === undefined || (typeof sortValue === 'string' && /^-?\d{1,15}$/.test(sortValue));
    if (
      typeof featured !== 'boolean' ||
      typeof id !== 'string' ||
      !isRowId(id) ||
      typeof created !== 'string' ||
      !isTimestamp(created) ||
      !isNumber ||
      (order !== undefined && typeof order !== 'string')
    )
      return undefined;
    return { featured, value: sortValue, created, id, ...(order === undefined ? {} : { order }) };
  } catch {
    return undefined;
  }
}

/** The search's cursor, decoded; a cursor that is not one of ours is refused before any query. */
export function searchCursor(params: JobSearchParams): Cursor | undefined {
  if (!params.cursor) return undefined;
  const cursor = decodeCursor(params.cursor);
  // A cursor continues the order it was made in: another sort (or point) would read the wrong place.
  if (!cursor || (cursor.order !== undefined && cursor.order !== orderOf(params)))
    throw new AppError('validation_failed', [{ loc: ['query', 'cursor'], msg: messages.invalidFormat, type: 'cursor' }]);
  return cursor;
}
