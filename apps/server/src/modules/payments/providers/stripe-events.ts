import { webhookMessages } from '@mihna/shared';
import { WebhookRefused, type ProviderEvent } from './payment-provider.ts';

interface StripeEventBody {
  id?: unknown;
  type?: unknown;
  data?: { object?: Record<string, unknown> };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const integer = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/**
 * A Stripe event (the test gateway sends the same shape) in the form the handler applies. Events
 * the marketplace does not act on are 'ignored' but still stored, once.
 */
export function readStripeEvent(rawBody: string): ProviderEvent {
  let body: StripeEventBody;
  try {
    body = JSON.parse(rawBody) as StripeEventBody;
  } catch {
    throw new WebhookRefused(webhookMessages.notJson);
  }
  const id = text(body.id);
  const type = text(body.type);
  if (!id || !type) throw new WebhookRefused(webhookMessages.notAnEvent);
  const object = body.data?.object ?? {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // A session completed with a delayed method is only paid once its payment succeeds.
      if (type === 'checkout.session.completed' && object.payment_status !== 'paid') return { id, type: 'ignored' };
      return {
        id,
        type: 'checkout.completed',
        sessionId: text(object.id),
        checkoutId: text(metadata.checkout_id) ?? text(object.client_reference_id),
        providerPaymentId: text(object.payment_intent),
        amountMinor: integer(object.amount_total),
        currency: text(object.currency)?.toUpperCase(),
      };
    case 'checkout.session.expired':
      return {
        id,
        type: 'checkout.expired',
        sessionId: text(object.id),
        checkoutId: text(metadata.checkout_id) ?? text(object.client_reference_id),
      };
    case 'payout.paid':
    case 'transfer.paid':
      return { id, type: 'payout.paid', payoutId: text(metadata.payout_id) };
    case 'payout.failed':
      return { id, type: 'payout.failed', payoutId: text(metadata.payout_id) };
    default:
      return { id, type: 'ignored' };
  }
}
