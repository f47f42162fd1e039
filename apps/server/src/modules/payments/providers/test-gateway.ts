import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.ts';
import { readStripeEvent } from './stripe-events.ts';
import { verifySignature } from './webhook-signature.ts';

/**
 * The built-in gateway (the default, so the product works offline): its checkout page is served by
 * this server at /checkout/{session}; paying there produces a Stripe-shaped event signed with
 * `secret`, which goes through the same webhook handler and de-duplication as Stripe's.
 */
export function createTestGateway(options: { publicUrl: string; secret: string }): PaymentProvider {
  return {
    name: 'test',
    createCheckout: ({ checkoutId }) => {
      // The checkout's own id is the session: one page per checkout, however often it is asked for.
      return Promise.resolve({ sessionId: checkoutId, url: `${options.publicUrl}/checkout/${checkoutId}` });
    },
    readEvent(rawBody, signatureHeader, now) {
      verifySignature(options.secret, rawBody, signatureHeader, now);
      return readStripeEvent(rawBody);
    },
    refund: () => Promise.resolve({ refundId: `re_test_${randomUUID()}` }),
    // Test payouts are paid at once: there is no bank on the other side.
    payout: ({ payoutId, accountId }) =>
      Promise.resolve({ providerPayoutId: `po_test_${payoutId}`, accountId: accountId ?? `acct_test_${randomUUID()}`, status: 'paid' }),
  };
}
