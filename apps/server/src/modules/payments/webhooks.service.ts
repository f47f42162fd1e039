import type { CheckoutPurpose } from '@mihna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { PaidCheckout } from './checkout.service.ts';
import type { MoneyMovements } from './money-movements.ts';
import type { CheckoutRow, PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider, ProviderEvent } from './providers/payment-provider.ts';
import { amountOf } from './stored-amount.ts';
import { createWebhookInboxRepository } from './webhook-inbox.repository.ts';
import { moneyMetrics } from '../../plugins/metrics.ts';

/**
 * Applies a paid checkout to what it paid for; `refund` when that can no longer take it (a page paid
 * after what it was for changed, such as a milestone plan edited after the page opened): the charge is
 * then owed back to the payer, as a second charge is, and nothing else is written.
 */
type PaidHandler = (checkout: PaidCheckout, tx: Tx) => Promise<void | 'refund'>;

/** How long a failed event waits before its next attempt: 10 s, 20 s, 40 s … at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.min(attempts, 12));

/** An event that no retry can make applicable: it stays in the inbox as failed, with this reason, and is not tried again. */
class EventRefused extends Error {}

/**
 * Why an event completing a payment can never be applied: it does not say what was paid, or what it says is not the
 * checkout's amount and currency (then funding escrow from it would hold money that never arrived).
 */
function refusalOf(event: ProviderEvent, checkout: Pick<CheckoutRow, 'id' | 'amountMinor' | 'currency'> | undefined) {
  if (event.type !== 'checkout.completed') return undefined;
  if (event.amountMinor === undefined || event.currency === undefined) {
    return `event ${event.id} completes a payment without its amount and currency`;
  }
  if (checkout && (event.amountMinor !== checkout.amountMinor || event.currency !== checkout.currency)) {
    return `event ${event.id} paid ${event.amountMinor} ${event.currency}, checkout ${checkout.id} asked ${checkout.amountMinor} ${checkout.currency}`;
  }
  return undefined;
}

/**
 * What a paid checkout does (applied by the inbox, in the event's transaction), and the second charges
 * owed back to their payers, refunded through the provider afterwards.
 */
function createCheckoutSettling(dependencies: {
  db: Db;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  movements: MoneyMovements;
  onPaid: Record<CheckoutPurpose, PaidHandler>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { db, repository, provider, movements, onPaid, logger, clock } = dependencies;

  async function applyCheckoutCompleted(event: ProviderEvent, tx: Tx) {
    const found =
      (event.checkoutId ? await repository.findCheckout(event.checkoutId, tx) : undefined) ??
      (event.sessionId ? await repository.findCheckoutBySession(provider.name, event.sessionId, tx) : undefined);
    const refusal = refusalOf(event, found);
    if (refusal !== undefined) throw new EventRefused(refusal);
    if (!found) throw new Error(`event ${event.id} pays for no known checkout`);
    const checkout = await repository.lockCheckout(found.id, tx);
    if (!checkout || checkout.status === 'paid') return;
    // A second charge for something already paid for (a cancelled page paid late, after another was):
    // owed back to the payer, and refunded through the provider once this transaction commits.
    const oweBack = async () => {
      await repository.closeCheckout(
        checkout.id,
        { status: 'refund_due', providerPaymentId: event.providerPaymentId ?? null, closedAt: clock() },
        tx,
      );
      await movements.duplicateCharged({ checkoutId: checkout.id, amount: amountOf(checkout), at: clock() }, tx);
    };
    if (await repository.findPaidCheckout(checkout.purpose, checkout.subjectId, tx)) return oweBack();
    // A payment after the page was cancelled still took the money: it counts, if what it paid for can still take it.
    await repository.closeCheckout(
      checkout.id,
      { status: 'paid', providerPaymentId: event.providerPaymentId ?? null, closedAt: clock() },
      tx,
    );
    const paid = { id: checkout.id, subjectId: checkout.subjectId, amount: amountOf(checkout) };
    if ((await onPaid[checkout.purpose](paid, tx)) === 'refund') await oweBack();
  }

  /** Returns second charges to their payers: the provider's refund first (under a key naming the checkout), then the ledger. */
  async function refundDue() {
    for (const checkout of await repository.listRefundsDue(50)) {
      if (!checkout.providerPaymentId) continue;
      try {
        await provider.refund({
          providerPaymentId: checkout.providerPaymentId,
          amount: amountOf(checkout),
          idempotencyKey: `duplicate-refund-${checkout.id}`,
        });
        await transaction(db, async (tx) => {
          const locked = await repository.lockCheckout(checkout.id, tx);
          if (locked?.status !== 'refund_due') return;
          await movements.duplicateRefunded({ checkoutId: checkout.id, amount: amountOf(checkout), at: clock() }, tx);
          await repository.closeCheckout(checkout.id, { status: 'refunded', closedAt: locked.closedAt ?? clock() }, tx);
        });
      } catch (error) {
        logger.error({ err: error, checkoutId: checkout.id }, 'a second charge could not be refunded yet; it will be tried again');
      }
    }
  }

  return { applyCheckoutCompleted, refundDue };
}

/**
 * The webhook inbox. An event is verified, stored by its id (a redelivery stores nothing), and then
 * applied in one transaction with the state change and ledger entries it causes; a failure leaves
 * it stored for the next attempt and visible to support. Applying twice changes nothing: the event
 * row is locked and marked applied in the same transaction, and ledger references are unique. An event that can
 * never apply (a completed payment without its amount, or with another) is stored as failed once and not retried.
 */
export function createWebhooksService(dependencies: {
  db: Db;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  movements: MoneyMovements;
  onPaid: Record<CheckoutPurpose, PaidHandler>;
  /** The provider's word on a payout: paid, or returned by the bank. */
  onPayout: (event: ProviderEvent, tx: Tx) => Promise<void>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { db, repository, provider, onPayout, logger, clock } = dependencies;
  const inbox = createWebhookInboxRepository(db);
  const { applyCheckoutCompleted, refundDue } = createCheckoutSettling(dependencies);

  async function applyEvent(event: ProviderEvent, tx: Tx) {
    switch (event.type) {
      case 'checkout.completed':
        return applyCheckoutCompleted(event, tx);
      case 'checkout.expired': {
        const checkout = event.checkoutId ? await repository.lockCheckout(event.checkoutId, tx) : undefined;
        if (checkout?.status === 'open') await repository.closeCheckout(checkout.id, { status: 'cancelled', closedAt: clock() }, tx);
        return;
      }
      case 'payout.paid':
      case 'payout.failed':
        return onPayout(event, tx);
      default:
        return;
    }
  }

  /** Applies one stored event unless it was already applied (or is being applied by another process). */
  async function applyStored(providerName: string, eventId: string): Promise<'applied' | 'skipped' | 'failed'> {
    try {
      return await transaction(db, async (tx) => {
        const stored = await repository.lockUnappliedEvent(providerName, eventId, tx);
        if (!stored) return 'skipped' as const;
        // Refused for good: a redelivery does not try it again (support can, by bringing its retry forward).
        if (stored.nextAttemptAt === null && stored.lastError !== null) return 'failed' as const;
        await applyEvent(readStoredEvent(stored.payload), tx);
        const appliedAt = clock();
        await repository.markEventApplied(providerName, eventId, appliedAt, tx);
        moneyMetrics.eventsApplied.observe(Math.max(0, appliedAt.getTime() - stored.receivedAt.getTime()) / 1000);
        return 'applied' as const;
      });
    } catch (error) {
      if (error instanceof EventRefused) {
        await inbox.markEventRefused(providerName, eventId, error.message, db);
        logger.error({ eventId, reason: error.message }, 'a payment event can never be applied; it is kept as failed and not retried');
        return 'failed';
      }
      const attempts = (await repository.findEvent(providerName, eventId))?.attempts ?? 0;
      await repository.markEventFailed(
        providerName,
        eventId,
        {
          error: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(clock().getTime() + retryDelayMs(attempts)),
        },
        db,
      );
      logger.error({ err: error, eventId }, 'a payment event could not be applied; it will be retried');
      return 'failed';
    }
  }

  return {
    /**
     * A webhook delivery: refused (WebhookRefused) unless its signature verifies on the raw body;
     * otherwise stored once and applied. The provider is answered 200 whenever the event is stored.
     */
    async receive(rawBody: string, signatureHeader: string | undefined) {
      const event = provider.readEvent(rawBody, signatureHeader, clock());
      const isNew = await repository.storeEvent(
        {
          provider: provider.name,
          eventId: event.id,
          type: event.type,
          // What the handler applies, and the provider's own body for support to read.
          payload: { event, raw: JSON.parse(rawBody) as unknown },
          receivedAt: clock(),
          nextAttemptAt: clock(),
        },
        db,
      );
      const outcome = await applyStored(provider.name, event.id);
      if (outcome === 'applied') await refundDue();
      return { event_id: event.id, is_new: isNew, outcome };
    },

    /** Retries stored events whose application failed, when their time comes. */
    async retryDue(limit = 50) {
      let applied = 0;
      for (const { provider: providerName, eventId } of await repository.listDueEvents(clock(), limit)) {
        if ((await applyStored(providerName, eventId)) === 'applied') applied += 1;
      }
      await refundDue();
      return applied;
    },
  };
}

/** The normalised event as stored in the inbox's payload. */
function readStoredEvent(payload: Record<string, unknown>): ProviderEvent {
  return payload.event as ProviderEvent;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
