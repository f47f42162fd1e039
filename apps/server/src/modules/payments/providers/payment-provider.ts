import { type webhookMessages } from '@mihna/shared';
import type { Money } from '@mihna/shared';

export interface CheckoutRequest {
  /** Our checkout's id: the provider echoes it back in its events. */
  checkoutId: string;
  amount: Money;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key for a retried request: the provider creates one session, never two. */
  idempotencyKey: string;
}

export interface RefundRequest {
  providerPaymentId: string;
  amount: Money;
  idempotencyKey: string;
}

export interface PayoutRequest {
  /** Our payout's id: every request for it uses keys derived from it, so a retry pays once. */
  payoutId: string;
  professionalId: string;
  amount: Money;
  iban: string;
  accountHolder: string;
  /** The provider's account already holding this bank account, from an earlier payout to it. */
  accountId: string | null;
}

export interface PayoutResult {
  providerPayoutId: string;
  accountId: string | null;
  status: 'paid' | 'pending';
}

/** A provider event as the webhook handler applies it; every provider's events are read into this shape. */
export interface ProviderEvent {
  id: string;
  type: 'checkout.completed' | 'checkout.expired' | 'payout.paid' | 'payout.failed' | 'ignored';
  /** The provider's checkout session (checkout events). */
  sessionId?: string;
  /** Our checkout id, from the session's metadata. */
  checkoutId?: string;
  /** The provider's id of the captured payment, needed to refund it. */
  providerPaymentId?: string;
  amountMinor?: number;
  currency?: string;
  payoutId?: string;
}

/** One interface for every card provider: Stripe, and the built-in test gateway. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Reads a webhook's raw body after checking its signature; throws `WebhookRefused` when it does not verify. */
  readEvent(rawBody: string, signatureHeader: string | undefined, now: Date): ProviderEvent;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Throws `ProviderRefused` when the provider said no for good; any other error may be retried with the same request. */
  payout(request: PayoutRequest): Promise<PayoutResult>;
}

export class WebhookRefused extends Error {
  constructor(readonly reason: (typeof webhookMessages)[keyof typeof webhookMessages]) {
    super(reason);
  }
}

/** The provider refused a request for good (a closed bank account, an invalid destination): retrying cannot help. */
export class ProviderRefused extends Error {}
