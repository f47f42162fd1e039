import type { Db } from '../../db/client.ts';
import { createPaymentsRepository } from './payments.repository.ts';

/** One provider event as support reads it. */
export interface InboxEvent {
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Date;
  appliedAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

/**
 * The webhook inbox for support: how many events were applied and how many wait, and the latest
 * events (or only the waiting ones) with their attempts, last error and next retry.
 */
export async function readInbox(db: Db, options: { onlyWaiting: boolean; limit: number }) {
  const repository = createPaymentsRepository(db);
  const [counts, rows] = await Promise.all([
    repository.countEvents(),
    repository.listEvents({ onlyUnapplied: options.onlyWaiting, limit: options.limit }),
  ]);
  const events: InboxEvent[] = rows.map(({ payload: _payload, ...event }) => event);
  return { counts, events };
}

/** Asks for a waiting event to be applied at the server's next retry round (within 30 seconds). */
export function retryNow(db: Db, eventId: string, now: Date) {
  return createPaymentsRepository(db).retryEventNow(eventId, now);
}

const when = (moment: Date | null) => (moment ? moment.toISOString().replace('T', ' ').slice(0, 19) : '-');

/** The inbox as lines of text for a terminal. */
export function formatInbox({ counts, events }: Awaited<ReturnType<typeof readInbox>>): string {
  const lines = [`${counts.applied} applied, ${counts.waiting} waiting to be applied`, ''];
  if (events.length === 0) lines.push('No events.');
  for (const event of events) {
    const state = event.appliedAt ? `applied ${when(event.appliedAt)}` : `WAITING, next try ${when(event.nextAttemptAt)}`;
    lines.push(`${when(event.receivedAt)}  ${event.provider}  ${event.eventId}  ${event.type}`);
    lines.push(`    ${state}; ${event.attempts} ${event.attempts === 1 ? 'attempt' : 'attempts'}`);
    if (event.lastError) lines.push(`    last error: ${event.lastError}`);
  }
  return lines.join('\n');
}
