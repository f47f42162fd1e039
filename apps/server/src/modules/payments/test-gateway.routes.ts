import { randomUUID } from 'node:crypto';
import { FEATURED_DAYS, formatMoney, money, type CurrencyCode } from '@mihna/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isRowId } from '../../lib/ids.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';
import type { CheckoutService } from './checkout.service.ts';
import { signPayload } from './providers/webhook-signature.ts';
import type { WebhooksService } from './webhooks.service.ts';

const wording = {
  en: {
    title: 'Mihna test payment',
    notice: 'Test gateway: no real card is charged. Pay completes the payment as a card provider would.',
    paying: 'You are paying',
    for: 'For',
    featured: (days: number) => `Featuring your project for ${days} days`,
    escrow: 'Escrow for your project',
    milestone: 'Escrow for a milestone of your project',
    timesheet: 'Approved hours on your project',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'This checkout is already paid.',
    cancelled: 'This checkout was cancelled. Start the payment again from Mihna.',
    notFound: 'This checkout does not exist.',
    back: 'Back to Mihna',
    other: 'العربية',
  },
  ar: {
    title: 'دفع تجريبي في مهنة',
    notice: 'بوابة تجريبية: لا تُخصم أي مبالغ من بطاقة حقيقية. يُتم زر الدفع العملية كما يفعل مزوّد البطاقات.',
    paying: 'المبلغ المطلوب',
    for: 'مقابل',
    featured: (days: number) => `تمييز مشروعك لمدة ${days} أيام`,
    escrow: 'الضمان (الإسكرو) لمشروعك',
    milestone: 'الضمان (الإسكرو) لمرحلة من مشروعك',
    timesheet: 'الساعات المعتمدة في مشروعك',
    pay: 'ادفع',
    cancel: 'إلغاء',
    paid: 'تم دفع هذه العملية مسبقًا.',
    cancelled: 'أُلغيت عملية الدفع هذه. ابدأ الدفع من جديد من مهنة.',
    notFound: 'عملية الدفع هذه غير موجودة.',
    back: 'العودة إلى مهنة',
    other: 'English',
  },
} as const;
type Language = keyof typeof wording;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

function languageOf(request: FastifyRequest): Language {
  const query = request.query as { lang?: unknown };
  if (query.lang === 'ar' || query.lang === 'en') return query.lang;
  return (request.headers['accept-language'] ?? '').toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** The page in the product's look: its fonts (the app's own files, `fontFaces`) and its icon. */
function page(language: Language, checkoutId: string, body: string, fontFaces: string) {
  const words = wording[language];
  const other = language === 'ar' ? 'en' : 'ar';
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  ${fontFaces}
  body { margin: 0; font-family: 'Inter Variable', 'Inter Fallback', 'IBM Plex Sans Arabic', ui-sans-serif, system-ui, sans-serif; background: #f1f5f9; color: #0f172a; }
  html[lang="ar"] body { font-family: 'IBM Plex Sans Arabic', 'Inter Variable', 'Inter Fallback', ui-sans-serif, system-ui, sans-serif; }
  main { max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .notice { background: #fef3c7; color: #78350f; border-radius: 0.5rem; padding: 0.75rem; font-size: 0.875rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0 1rem; unicode-bidi: plaintext; }
  dt { color: #64748b; font-size: 0.875rem; } dd { margin: 0 0 1rem; unicode-bidi: plaintext; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  form { flex: 1; } button { width: 100%; padding: 0.75rem; border-radius: 0.5rem; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .pay { background: #2563eb; color: #fff; border: 0; } .cancel { background: #fff; color: #334155; border: 1px solid #cbd5e1; }
  nav { margin-top: 1rem; text-align: center; font-size: 0.875rem; } a { color: #1d4ed8; }
</style>
</head>
<body><main><div class="card"><h1>${words.title}</h1>${body}</div>
<nav><a href="/checkout/${escapeHtml(checkoutId)}?lang=${other}">${words.other}</a></nav>
</main></body></html>`;
}

/**
 * The Stripe-shaped checkout.session.completed event the gateway sends for a paid checkout, as JSON
 * (its ids are the gateway's own unless given: tests name theirs).
 */
export function paidCheckoutEvent(
  checkout: Pick<CheckoutRow, 'id' | 'providerSessionId' | 'amountMinor' | 'currency'>,
  at: Date,
  ids: { event?: string; paymentIntent?: string } = {},
) {
  return JSON.stringify({
    id: ids.event ?? `evt_test_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(at.getTime() / 1000),
    data: {
      object: {
        id: checkout.providerSessionId ?? checkout.id,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: checkout.amountMinor,
        currency: checkout.currency.toLowerCase(),
        payment_intent: ids.paymentIntent ?? `pi_test_${randomUUID()}`,
        client_reference_id: checkout.id,
        metadata: { checkout_id: checkout.id },
      },
    },
  });
}

/**
 * What pressing Pay does: the gateway "captures" the amount and sends its checkout.session.completed
 * event, signed with the gateway's secret, through the webhook handler.
 */
export async function completeTestCheckout(
  checkout: Pick<CheckoutRow, 'id' | 'providerSessionId' | 'amountMinor' | 'currency'>,
  dependencies: { webhooks: WebhooksService; secret: string; clock: () => Date },
) {
  const raw = paidCheckoutEvent(checkout, dependencies.clock());
  return dependencies.webhooks.receive(raw, signPayload(dependencies.secret, raw, dependencies.clock()));
}

/**
 * The built-in test gateway's hosted checkout page (/checkout/{id}), in English and Arabic. Its Pay
 * and Cancel buttons are forms posting to {checkout_url}/pay and {checkout_url}/cancel: automated
 * checks pay through exactly these. Paying sends a signed Stripe-shaped event through the webhook handler.
 */
export function testGatewayRoutes(dependencies: {
  repository: PaymentsRepository;
  jobState: JobStateService;
  checkouts: CheckoutService;
  webhooks: WebhooksService;
  secret: string;
  /** The @font-face rules of the app's fonts (plugins/product-fonts.ts); empty without the built app. */
  fontFaces: string;
  clock: () => Date;
}): FastifyPluginAsync {
  const { repository, jobState, checkouts, webhooks, secret, fontFaces, clock } = dependencies;

  /** What is being paid for, in the page's language, with the project's title as its owner wrote it. */
  async function purposeOf(checkout: CheckoutRow, language: Language) {
    const words = wording[language];
    const jobId =
      checkout.purpose === 'featured'
        ? checkout.subjectId
        : checkout.purpose === 'timesheet' || checkout.purpose === 'milestone'
          ? (await repository.findMilestoneWithPayment(checkout.subjectId))?.payment.jobId
          : (await repository.findPayment(checkout.subjectId))?.jobId;
    const title = jobId ? (await jobState.findJob(jobId))?.title : undefined;
    const purpose = checkout.purpose === 'featured' ? words.featured(FEATURED_DAYS) : words[checkout.purpose];
    return title ? `${purpose}: <bdi>${escapeHtml(title)}</bdi>` : purpose;
  }

  const find = async (id: string): Promise<CheckoutRow | undefined> => (isRowId(id) ? repository.findCheckout(id) : undefined);
  // On the origin the page was opened on: the one the payer started from (CheckoutService.answerVisit),
  // where they are signed in.
  const successUrl = (id: string) => `/payments/success?checkout=${id}`;
  const cancelUrl = (id: string) => `/payments/cancelled?checkout=${id}`;

  return async (app) => {
    // The page's forms post no fields: their body is read and ignored.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, body);
    });

    app.get<{ Params: { id: string } }>('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const language = languageOf(request);
      const words = wording[language];
      const checkout = await find(request.params.id);
      void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!checkout)
        return reply
          .status(404)
          .send(page(language, request.params.id, `<p>${words.notFound}</p><a href="/">${words.back}</a>`, fontFaces));
      if (checkout.status !== 'open') {
        const text = checkout.status === 'paid' ? words.paid : words.cancelled;
        return page(
          language,
          checkout.id,
          `<p>${text}</p><a href="${checkout.status === 'paid' ? successUrl(checkout.id) : '/'}">${words.back}</a>`,
          fontFaces,
        );
      }
      const amount = formatMoney(money(checkout.amountMinor, checkout.currency as CurrencyCode), language);
      return page(
        language,
        checkout.id,
        `<p class="notice">${words.notice}</p>
<dl><dt>${words.paying}</dt><dd class="amount">${escapeHtml(amount)}</dd><dt>${words.for}</dt><dd>${await purposeOf(checkout, language)}</dd></dl>
<div class="actions">
<form method="post" action="/checkout/${checkout.id}/pay"><button class="pay" type="submit">${words.pay}</button></form>
<form method="post" action="/checkout/${checkout.id}/cancel"><button class="cancel" type="submit">${words.cancel}</button></form>
</div>`,
        fontFaces,
      );
    });

    app.post<{ Params: { id: string } }>('/checkout/:id/pay', { schema: { hide: true } }, async (request, reply) => {
      const checkout = await find(request.params.id);
      if (!checkout) return reply.redirect(`/checkout/${encodeURIComponent(request.params.id)}`, 303);
      if (checkout.status === 'open') await completeTestCheckout(checkout, { webhooks, secret, clock });
      return reply.redirect(checkout.status === 'cancelled' ? `/checkout/${checkout.id}` : successUrl(checkout.id), 303);
    });

    app.post<{ Params: { id: string } }>('/checkout/:id/cancel', { schema: { hide: true } }, async (request, reply) => {
      const checkout = await find(request.params.id);
      if (!checkout) return reply.redirect(`/checkout/${encodeURIComponent(request.params.id)}`, 303);
      await checkouts.cancelCheckout(checkout.id);
      return reply.redirect(cancelUrl(checkout.id), 303);
    });
  };
}
