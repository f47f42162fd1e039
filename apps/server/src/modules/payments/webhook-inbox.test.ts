import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createWebhookInboxRepository } from './webhook-inbox.repository.ts';
import { formatInbox, readInbox, retryNow } from './webhook-inbox.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the webhook inbox for support', () => {
  it('shows applied and waiting events with their attempts and last error, and brings a retry forward', async () => {
    const repository = createPaymentsRepository(database.db);
    const received = new Date('2026-11-20T08:00:00Z');
    const later = new Date('2026-11-20T09:00:00Z');
    for (const eventId of ['evt_inbox_applied', 'evt_inbox_failing']) {
      await repository.storeEvent(
        { provider: 'stripe', eventId, type: 'checkout.session.completed', payload: {}, receivedAt: received },
        database.db,
      );
    }
    await transaction(database.db, (tx) => repository.markEventApplied('stripe', 'evt_inbox_applied', received, tx));
    await repository.markEventFailed('stripe', 'evt_inbox_failing', { error: 'checkout not found', nextAttemptAt: later }, database.db);

    const all = await readInbox(database.db, { onlyWaiting: false, limit: 50 });
    expect(all.counts.applied).toBeGreaterThanOrEqual(1);
    expect(all.counts.waiting).toBeGreaterThanOrEqual(1);
    const failing = all.events.find((event) => event.eventId === 'evt_inbox_failing');
    expect(failing).toMatchObject({ appliedAt: null, attempts: 1, lastError: 'checkout not found', nextAttemptAt: later });
    expect(all.events.find((event) => event.eventId === 'evt_inbox_applied')?.appliedAt).toEqual(received);

    const waiting = await readInbox(database.db, { onlyWaiting: true, limit: 50 });
    expect(waiting.events.map((event) => event.eventId)).toContain('evt_inbox_failing');
    expect(waiting.events.map((event) => event.eventId)).not.toContain('evt_inbox_applied');
    const text = formatInbox(waiting);
    expect(text).toContain('evt_inbox_failing  checkout.session.completed');
    expect(text).toContain('WAITING, next try 2026-11-20 09:00:00; 1 attempt');
    expect(text).toContain('last error: checkout not found');

    const now = new Date('2026-11-20T08:30:00Z');
    expect(await retryNow(database.db, 'evt_inbox_failing', now)).toBe(true);
    expect(await retryNow(database.db, 'evt_inbox_applied', now)).toBe(false);
    expect(await retryNow(database.db, 'evt_no_such_event', now)).toBe(false);
    expect((await repository.listDueEvents(now, 50)).map((event) => event.eventId)).toContain('evt_inbox_failing');
  });

  it('shows an event that can never apply as failed for good, apart from those waiting, until support asks for one more try', async () => {
    const repository = createPaymentsRepository(database.db);
    const received = new Date('2026-11-21T08:00:00Z');
    await repository.storeEvent(
      {
        provider: 'stripe',
        eventId: 'evt_inbox_refused',
        type: 'checkout.completed',
        payload: {},
        receivedAt: received,
        nextAttemptAt: received,
      },
      database.db,
    );
    const before = await readInbox(database.db, { onlyWaiting: true, limit: 50 });
    const reason = 'event evt_inbox_refused completes a payment without its amount and currency';
    await createWebhookInboxRepository(database.db).markEventRefused('stripe', 'evt_inbox_refused', reason, database.db);

    const after = await readInbox(database.db, { onlyWaiting: true, limit: 50 });
    expect(after.counts).toEqual({ applied: before.counts.applied, waiting: before.counts.waiting - 1, failed: before.counts.failed + 1 });
    expect(after.events.find((event) => event.eventId === 'evt_inbox_refused')).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: reason,
      nextAttemptAt: null,
    });
    const text = formatInbox(after);
    expect(text).toContain(`${after.counts.failed} failed for good`);
    expect(text).toContain('evt_inbox_refused  checkout.completed\n    FAILED, not retried; 1 attempt\n    last error: ' + reason);
    const later = new Date('2026-11-22T08:00:00Z');
    expect((await repository.listDueEvents(later, 50)).map((event) => event.eventId)).not.toContain('evt_inbox_refused');

    expect(await retryNow(database.db, 'evt_inbox_refused', later)).toBe(true);
    expect((await repository.listDueEvents(later, 50)).map((event) => event.eventId)).toContain('evt_inbox_refused');
  });
});
