import { ProviderRefused, type PaymentProvider } from './payment-provider.ts';
import { readStripeEvent } from './stripe-events.ts';
import { verifySignature } from './webhook-signature.ts';

type Form = Record<string, string | number>;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Stripe through its HTTP API (form-encoded requests, bearer secret key). Every request that creates
 * something carries an Idempotency-Key, so a retry after a timeout never creates a second one.
 */
export function createStripeProvider(options: { secretKey: string; webhookSecret: string; apiUrl: string }): PaymentProvider {
  async function post<T>(path: string, form: Form, idempotencyKey: string, onBehalfOf?: string): Promise<T> {
    const response = await fetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey,
        'stripe-version': '2024-06-20',
        ...(onBehalfOf ? { 'stripe-account': onBehalfOf } : {}),
      },
      body: new URLSearchParams(Object.entries(form).map(([key, value]): [string, string] => [key, String(value)])).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } } & T;
    const message = body.error?.message ?? `Stripe answered ${response.status}`;
    // A card or bank refusal (400, 402, 404) is final; a conflict, throttling or a fault may succeed on retry.
    if ([400, 402, 404].includes(response.status)) throw new ProviderRefused(message);
    if (!response.ok) throw new StripeError(response.status, message);
    return body;
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await post<{ id: string; url: string }>(
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          'line_items[0][quantity]': 1,
          'line_items[0][price_data][currency]': request.amount.currency.toLowerCase(),
          'line_items[0][price_data][unit_amount]': request.amount.minor,
          'line_items[0][price_data][product_data][name]': request.description.slice(0, 250),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.checkoutId,
          'metadata[checkout_id]': request.checkoutId,
          'payment_intent_data[metadata][checkout_id]': request.checkoutId,
        },
        request.idempotencyKey,
      );
      return { sessionId: session.id, url: session.url };
    },

    readEvent(rawBody, signatureHeader, now) {
      verifySignature(options.webhookSecret, rawBody, signatureHeader, now);
      return readStripeEvent(rawBody);
    },

    async refund(request) {
      const refund = await post<{ id: string }>(
        '/v1/refunds',
        { payment_intent: request.providerPaymentId, amount: request.amount.minor },
        request.idempotencyKey,
      );
      return { refundId: refund.id };
    },

    /**
     * Stripe Connect: the professional's bank account lives on a connected account (created on their
     * first payout to it), the platform transfers the amount to that account, and the account pays it
     * out to the bank. Each step's idempotency key names the payout, so a retried payout repeats nothing.
     */
    async payout(request) {
      const currency = request.amount.currency.toLowerCase();
      const accountId =
        request.accountId ??
        (
          await post<{ id: string }>(
            '/v1/accounts',
            {
              type: 'custom',
              country: request.iban.slice(0, 2),
              business_type: 'individual',
              'capabilities[transfers][requested]': 'true',
              'external_account[object]': 'bank_account',
              'external_account[country]': request.iban.slice(0, 2),
              'external_account[currency]': currency,
              'external_account[account_number]': request.iban,
              'external_account[account_holder_name]': request.accountHolder,
              'external_account[account_holder_type]': 'individual',
              'metadata[professional_id]': request.professionalId,
            },
            `account-${request.payoutId}`,
          )
        ).id;
      await post(
        '/v1/transfers',
        {
          amount: request.amount.minor,
          currency,
          destination: accountId,
          transfer_group: request.payoutId,
          'metadata[payout_id]': request.payoutId,
        },
        `transfer-${request.payoutId}`,
      );
      const payout = await post<{ id: string; status: string }>(
        '/v1/payouts',
        { amount: request.amount.minor, currency, 'metadata[payout_id]': request.payoutId },
        `payout-${request.payoutId}`,
        accountId,
      );
      return { providerPayoutId: payout.id, accountId, status: payout.status === 'paid' ? 'paid' : 'pending' };
    },
  };
}
