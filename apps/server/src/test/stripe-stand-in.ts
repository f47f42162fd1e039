import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPayload } from '../modules/payments/providers/webhook-signature.ts';

type Form = Record<string, string>;
type StoredObject = Record<string, unknown> & { id: string };

/** A request as the stand-in received it, for tests to look at. */
export interface ReceivedRequest {
  path: string;
  form: Form;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for the parts of Stripe's API the marketplace uses: Checkout Sessions, refunds,
 * Connect accounts, transfers and payouts. It speaks Stripe's wire format (form-encoded requests,
 * bearer secret key, Idempotency-Key replays, `{error: {message}}` refusals) and signs webhook events
 * with Stripe's scheme, so the adapter is tested against the protocol, not against itself.
 */
export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const requests: ReceivedRequest[] = [];
  const objects = new Map<string, StoredObject>();
  /** Idempotency: the first answer to a key is replayed for the same request, and a different request with the key is refused. */
  const replays = new Map<string, { path: string; body: string; status: number; answer: unknown }>();
  /** How many of the next requests to a path fail as an outage does (to test retries). */
  const outages = new Map<string, number>();
  /** Bank account numbers this bank refuses (to test a final refusal). */
  const refusedAccounts = new Set<string>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (status: number, message: string, type = 'invalid_request_error') => ({ status, answer: { error: { type, message } } });

  function create(path: string, form: Form, stripeAccount: string | undefined): { status: number; answer: unknown } {
    const amount = Number(form.amount ?? form['line_items[0][price_data][unit_amount]']);
    if ('amount' in form || path === '/v1/checkout/sessions') {
      if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(400, 'Invalid positive integer');
    }
    switch (path) {
      case '/v1/checkout/sessions': {
        const id = newId('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: amount,
          currency: form['line_items[0][price_data][currency]'],
          client_reference_id: form.client_reference_id,
          metadata: { checkout_id: form['metadata[checkout_id]'] },
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
        };
        objects.set(id, session);
        return { status: 200, answer: session };
      }
      case '/v1/refunds': {
        const intent = objects.get(form.payment_intent ?? '');
        if (!intent) return refuse(404, `No such payment_intent: '${form.payment_intent}'`);
        if (amount > Number(intent.amount)) return refuse(400, 'Refund amount is greater than unrefunded amount on charge');
        const refund = { id: newId('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' };
        objects.set(refund.id, refund);
        return { status: 200, answer: refund };
      }
      case '/v1/accounts': {
        const accountNumber = form['external_account[account_number]'] ?? '';
        if (refusedAccounts.has(accountNumber)) return refuse(400, 'The bank account number is invalid.');
        const account = {
          id: newId('acct'),
          object: 'account',
          type: form.type,
          country: form.country,
          metadata: { professional_id: form['metadata[professional_id]'] },
        };
        objects.set(account.id, account);
        return { status: 200, answer: account };
      }
      case '/v1/transfers': {
        if (!objects.has(form.destination ?? '')) return refuse(400, `No such destination: '${form.destination}'`);
        const transfer = { id: newId('tr'), object: 'transfer', amount, currency: form.currency, destination: form.destination };
        objects.set(transfer.id, transfer);
        return { status: 200, answer: transfer };
      }
      case '/v1/payouts': {
        if (!stripeAccount || !objects.has(stripeAccount)) return refuse(400, 'A payout needs a connected account');
        const payout = {
          id: newId('po'),
          object: 'payout',
          amount,
          currency: form.currency,
          status: 'pending',
          metadata: { payout_id: form['metadata[payout_id]'] },
          account: stripeAccount,
        };
        objects.set(payout.id, payout);
        return { status: 200, answer: payout };
      }
      default:
        return refuse(404, `Unrecognized request URL (POST: ${path})`);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const form: Form = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const stripeAccount = request.headers['stripe-account'] as string | undefined;
    requests.push({ path, form, idempotencyKey, stripeAccount });
    // An outage: the request is refused before Stripe does anything with it, as a 500 from Stripe is.
    const outage = outages.get(path) ?? 0;
    if (outage > 0) {
      outages.set(path, outage - 1);
      return send(response, 500, { error: { type: 'api_error', message: 'An unexpected error occurred.' } });
    }
    if (idempotencyKey) {
      const earlier = replays.get(idempotencyKey);
      if (earlier) {
        if (earlier.path !== path || earlier.body !== body) {
          return send(response, 400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        return send(response, earlier.status, earlier.answer);
      }
    }
    const outcome = create(path, form, stripeAccount);
    if (idempotencyKey) replays.set(idempotencyKey, { path, body, ...outcome });
    send(response, outcome.status, outcome.answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A signed event as Stripe delivers it: the exact body and its Stripe-Signature header. */
  function event(type: string, object: Record<string, unknown>, signedAt = new Date(), account?: string) {
    const body = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(signedAt.getTime() / 1000),
      type,
      ...(account ? { account } : {}),
      data: { object },
    });
    return { body, signature: signPayload(options.webhookSecret, body, signedAt) };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuseAccountNumber: (accountNumber: string) => refusedAccounts.add(accountNumber),
    /** The next `count` requests to `path` fail with a 500, then Stripe answers again. */
    failNext: (path: string, count = 1) => outages.set(path, count),
    /** The customer paid the session: the session completes, and its event is signed for delivery. */
    completeSession(sessionId: string, signedAt?: Date) {
      const session = objects.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = { id: newId('pi'), object: 'payment_intent', amount: session.amount_total };
      objects.set(intent.id, intent);
      Object.assign(session, { payment_intent: intent.id, payment_status: 'paid', status: 'complete' });
      return event('checkout.session.completed', session, signedAt);
    },
    /** The bank paid (or returned) a connected account's payout. */
    settlePayout(payoutId: string, outcome: 'paid' | 'failed') {
      const payout = objects.get(payoutId);
      if (!payout) throw new Error(`no payout ${payoutId}`);
      payout.status = outcome;
      return event(`payout.${outcome}`, payout, new Date(), String(payout.account));
    },
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
