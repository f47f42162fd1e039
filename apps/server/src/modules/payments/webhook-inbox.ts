import type { Db } from '../../db/client.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createWebhookInboxRepository } from './webhook-inbox.repository.ts';

/** One provider event as support reads it. */
export interface InboxEvent {
  /** Waiting for its next attempt, or failed for good: an event no retry can apply (a payment without its amount). */
  state: 'applied' | 'waiting' | 'failed';
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Date;
  appliedAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

const stateOf = (event: Pick<InboxEvent, 'appliedAt' | 'nextAttemptAt' | 'lastError'>): InboxEvent['state'] =>
  event.appliedAt ? 'applied' : event.nextAttemptAt === null && event.lastError !== null ? 'failed' : 'waiting';

/**
 * The webhook inbox for support: how many events were applied, how many wait and how many failed for good, and the
 * latest events (or only those not applied) with their attempts, last error and next retry.
 */
export async function readInbox(db: Db, options: { onlyWaiting: boolean; limit: number }) {
  const repository = createPaymentsRepository(db);
  const [counts, failed, rows] = await Promise.all([
    repository.countEvents(),
    createWebhookInboxRepository(db).countFailedEvents(),
    repository.listEvents({ onlyUnapplied: options.onlyWaiting, limit: options.limit }),
  ]);
  const events: InboxEvent[] = rows.map(({ payload: _payload, ...event }) => ({ state: stateOf(event), ...event }));
  return { counts: { applied: counts.applied, waiting: counts.waiting - failed, failed }, events };
}

/** Asks for a waiting event to be applied at the server's next retry round (within 30 seconds). */
export function retryNow(db: Db, eventId: string, now: Date) {
  return createPaymentsRepository(db).retryEventNow(eventId, now, db);
}

const when = (moment: Date | null) => (moment ? moment.toISOString().replace('T', ' ').slice(0, 19) : '-');

/** The inbox as lines of text for a terminal. */
export function formatInbox({ counts, events }: Awaited<ReturnType<typeof readInbox>>): string {
  const lines = [`${counts.applied} applied, ${counts.waiting} waiting to be applied, ${counts.failed} failed for good`, ''];
  if (events.length === 0) lines.push('No events.');
  const states: Record<InboxEvent['state'], (event: InboxEvent) => string> = {
    applied: (event) => `applied ${when(event.appliedAt)}`,
    waiting: (event) => `WAITING, next try ${when(event.nextAttemptAt)}`,
    failed: () => 'FAILED, not retried',
  };
  for (const event of events) {
    const state = states[event.state](event);
    lines.push(`${when(event.receivedAt)}  ${event.provider}  ${event.eventId}  ${event.type}`);
    lines.push(`    ${state}; ${event.attempts} ${event.attempts === 1 ? 'attempt' : 'attempts'}`);
    if (event.lastError) lines.push(`    last error: ${event.lastError}`);
  }
  return lines.join('\n');
}
