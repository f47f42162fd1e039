import { webhookMessages } from '@mihna/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefused } from './payment-provider.ts';

/** Stripe's webhook tolerance: a signature older (or newer) than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/** A `Stripe-Signature` header value for this body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/**
 * Checks a signature the way Stripe's libraries do: the header's timestamp within the tolerance of
 * now, and one of its v1 signatures equal (in constant time) to the HMAC of "timestamp.body".
 */
export function verifySignature(secret: string, rawBody: string, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookRefused(webhookMessages.unsigned);
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookRefused(webhookMessages.malformed);
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookRefused(webhookMessages.expired);
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRefused(webhookMessages.mismatch);
}
