import type { Config } from '../../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestGateway } from './test-gateway.ts';

/** Stripe when its keys are configured; otherwise the built-in test gateway, so the product works offline. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  return createTestGateway({ publicUrl: config.publicUrl, secret: config.testGatewaySecret });
}
