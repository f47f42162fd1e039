import { paymentMessages, toDecimal, type CheckoutPurpose, type Money } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { PageVisit } from '../../plugins/page-visit.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { createPaymentsAccess } from './payments.access.ts';
import type { CheckoutRow, PaymentsRepository } from './payments.repository.ts';
import { amountOf } from './stored-amount.ts';

/** A checkout its payer paid: what the webhook inbox hands to what it paid for (webhooks.service.ts). */
export interface PaidCheckout {
  id: string;
  /** The job (featured), payment (escrow) or milestone (a milestone's own, a week's hours) paid for. */
  subjectId: string;
  amount: Money;
}

export interface CheckoutRequest {
  purpose: CheckoutPurpose;
  /** The job (featured) or payment (escrow) being paid for. */
  subjectId: string;
  payerId: string;
  amount: Money;
  description: string;
  /** Where the payer returns to in the app once done. */
  returnPath: string;
}

/** The checkout as its payer sees it on the success and cancel pages and on the test gateway's page. */
export interface CheckoutView {
  id: string;
  purpose: CheckoutPurpose;
  status: CheckoutRow['status'];
  amount: number;
  currency: string;
  description: string;
  return_path: string;
}

/**
 * Hosted checkouts for every charge. One open checkout per charge: asking again while it is open
 * returns the same page, so a double click or a retry never charges twice.
 */
export function createCheckoutService(dependencies: {
  db: Db;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  publicUrl: string;
  /** The site's own origins (config.siteOrigins): a payer returns to the one they paid from, never elsewhere. */
  siteOrigins: string[];
  /** Where a paid or cancelled checkout sends its payer back to, per purpose and subject. */
  returnPathOf: (checkout: Pick<CheckoutRow, 'purpose' | 'subjectId'>) => Promise<string>;
  clock: () => Date;
}) {
  const { db, repository, provider, publicUrl, siteOrigins, returnPathOf, clock } = dependencies;
  const isSiteOrigin = (origin: string | null): origin is string => origin !== null && siteOrigins.includes(origin);
  const access = createPaymentsAccess(repository);

  /** Creates (or re-asks the provider for) the session of an open checkout; the checkout id is the idempotency key. */
  async function withSession(checkout: CheckoutRow) {
    if (checkout.url && checkout.providerSessionId) return { checkout_url: checkout.url, checkout_id: checkout.id };
    const session = await provider.createCheckout({
      checkoutId: checkout.id,
      amount: amountOf(checkout),
      description: checkout.description,
      // Through the site, which sends the payer on to the origin they paid from (returnUrl below): a
      // session is made once, and may be reopened from another of the site's origins.
      successUrl: `${publicUrl}/api/checkouts/${checkout.id}/return/success`,
      cancelUrl: `${publicUrl}/api/checkouts/${checkout.id}/return/cancelled`,
      idempotencyKey: `checkout-${checkout.id}`,
    });
    await transaction(db, (tx) =>
      repository.setCheckoutSession(checkout.id, { providerSessionId: session.sessionId, url: session.url }, tx),
    );
    return { checkout_url: session.url, checkout_id: checkout.id };
  }

  return {
    async open(request: CheckoutRequest) {
      const existing = await repository.findOpenCheckout(request.purpose, request.subjectId);
      if (existing && existing.amountMinor === request.amount.minor && existing.currency === request.amount.currency)
        return withSession(existing);
      // A page opened for another amount (what it pays for changed meanwhile) closes; a late payment of it is refunded.
      if (existing) await transaction(db, (tx) => repository.cancelOpenCheckout(request.purpose, request.subjectId, clock(), tx));
      const created = await transaction(db, (tx) =>
        repository.insertCheckout(
          {
            purpose: request.purpose,
            subjectId: request.subjectId,
            payerId: request.payerId,
            amount: request.amount,
            description: request.description,
            provider: provider.name,
            createdAt: clock(),
          },
          tx,
        ),
      );
      // Another request opened it first: answer with that one.
      const checkout = created ?? (await repository.findOpenCheckout(request.purpose, request.subjectId));
      if (!checkout) throw new AppError('conflict', paymentMessages.checkoutClosed);
      return withSession(checkout);
    },

    /**
     * Notes where the payer opened the checkout from (the origin only when it is the site's own) and in
     * which language, and answers its page there: a page the site serves itself (the test gateway's) is
     * given on the payer's origin, so they stay signed in on it from start to end.
     */
    async answerVisit(answer: { checkout_url: string; checkout_id: string }, visit: PageVisit) {
      const origin = isSiteOrigin(visit.origin) ? visit.origin : null;
      await transaction(db, (tx) => repository.setPageVisit(answer.checkout_id, { returnOrigin: origin, language: visit.language }, tx));
      const page = new URL(answer.checkout_url);
      if (!origin || !isSiteOrigin(page.origin)) return answer;
      return { ...answer, checkout_url: `${origin}${page.pathname}${page.search}` };
    },

    /** Where the provider's return sends the payer: the page for the outcome, on the site's origin they paid from. */
    async returnUrl(checkoutId: string, outcome: 'success' | 'cancelled') {
      const checkout = isRowId(checkoutId) ? await repository.findCheckout(checkoutId) : undefined;
      const origin = checkout && isSiteOrigin(checkout.returnOrigin) ? checkout.returnOrigin : publicUrl;
      return `${origin}/payments/${outcome}?checkout=${encodeURIComponent(checkoutId)}`;
    },

    /** What the payer is paying for; only the payer may look (the test gateway's own page asks without anyone signed in). */
    async viewCheckout(actor: Actor | undefined, checkoutId: string): Promise<CheckoutView> {
      if (actor) await access.require(actor, 'checkout.read', checkoutId);
      const checkout = isRowId(checkoutId) ? await repository.findCheckout(checkoutId) : undefined;
      if (!checkout) throw new AppError('not_found', paymentMessages.checkoutNotFound);
      return {
        id: checkout.id,
        purpose: checkout.purpose,
        status: checkout.status,
        amount: toDecimal(amountOf(checkout)),
        currency: checkout.currency,
        description: checkout.description,
        return_path: await returnPathOf(checkout),
      };
    },

    /** Gives money back through the provider (a dispute resolved for the employer). */
    refund: (request: { providerPaymentId: string; amount: Money; idempotencyKey: string }) => provider.refund(request),

    /** The payer walked away from an open checkout: it closes, and the next attempt opens a new one. */
    async cancelCheckout(checkoutId: string) {
      const checkout = isRowId(checkoutId) ? await repository.findCheckout(checkoutId) : undefined;
      if (!checkout) throw new AppError('not_found', paymentMessages.checkoutNotFound);
      await transaction(db, async (tx) => {
        const locked = await repository.lockCheckout(checkout.id, tx);
        if (locked?.status === 'open') await repository.closeCheckout(checkout.id, { status: 'cancelled', closedAt: clock() }, tx);
      });
      return checkout;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
