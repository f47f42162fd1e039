import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, hire, milestonesOf, payCheckout, paymentStatus } from './test-payments.ts';
import type { App } from '../../app.ts';

// The test server's public address is http://localhost:3000 (PUBLIC_URL's default); outside production
// http://127.0.0.1:3000 is the site's too.
const PUBLIC = 'http://localhost:3000';
const LOOPBACK = 'http://127.0.0.1:3000';

/** A job of `employer` with its milestones set up, ready to fund: its payment's id. */
async function pendingPayment(app: App, employer: TestAccount, professional: TestAccount) {
  const job = await hire(app, employer, professional);
  const setup = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(800) });
  expect(setup.statusCode, setup.body).toBe(201);
  return (await paymentStatus(app, job.id, employer.token)).payment_id!;
}

/** Opens the escrow's checkout as a browser on `headers`' page would. */
async function openEscrow(app: App, employer: TestAccount, paymentId: string, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/create-escrow`,
    headers: { ...bearer(employer.token), ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ checkout_url: string; checkout_id: string }>();
}

const returnOf = async (app: App, checkoutId: string, outcome: 'success' | 'cancelled') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/checkouts/${checkoutId}/return/${outcome}`,
    headers: { accept: 'text/html' },
  });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location;
};

describe('the test gateway’s checkout', () => {
  let app: App;
  let employer: TestAccount;
  let professional: TestAccount;

  beforeAll(async () => {
    app = await createTestApp();
    employer = await createEmployer(app);
    professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  });
  afterAll(() => app.close());

  it('opens on the site’s origin the payer is on, and pays back to it', async () => {
    const paymentId = await pendingPayment(app, employer, professional);
    const checkout = await openEscrow(app, employer, paymentId, { origin: LOOPBACK });
    expect(checkout.checkout_url).toBe(`${LOOPBACK}/checkout/${checkout.checkout_id}`);

    const page = await app.inject({ method: 'GET', url: `/checkout/${checkout.checkout_id}`, headers: { host: '127.0.0.1:3000' } });
    expect(page.statusCode).toBe(200);
    // Pay and Cancel post to {checkout_url}/pay and {checkout_url}/cancel, and the page names the site's icon.
    expect(page.body).toContain(`<form method="post" action="/checkout/${checkout.checkout_id}/pay">`);
    expect(page.body).toContain(`<form method="post" action="/checkout/${checkout.checkout_id}/cancel">`);
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).toContain("font-family: 'Inter Variable', 'Inter Fallback', 'IBM Plex Sans Arabic'");

    // The page's own origin is the payer's: the answer sends them on within it.
    const paid = await payCheckout(app, checkout.checkout_url);
    expect(paid.headers.location).toBe(`/payments/success?checkout=${checkout.checkout_id}`);
    expect(await returnOf(app, checkout.checkout_id, 'success')).toBe(`${LOOPBACK}/payments/success?checkout=${checkout.checkout_id}`);
  });

  it('follows the Referer’s origin when the browser sent no Origin, and cancels back to it', async () => {
    const paymentId = await pendingPayment(app, employer, professional);
    const checkout = await openEscrow(app, employer, paymentId, { referer: `${LOOPBACK}/projects/x/payment` });
    expect(checkout.checkout_url).toBe(`${LOOPBACK}/checkout/${checkout.checkout_id}`);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/checkout/${checkout.checkout_id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/payments/cancelled?checkout=${checkout.checkout_id}`);
    expect(await returnOf(app, checkout.checkout_id, 'cancelled')).toBe(`${LOOPBACK}/payments/cancelled?checkout=${checkout.checkout_id}`);
  });

  it('ignores an Origin or Referer the site does not own, and returns to its public address', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { referer: 'https://attacker.example/pay-here' },
      { origin: 'http://127.0.0.1:4000' },
      { origin: 'null', referer: 'http://localhost.attacker.example:3000/' },
      { origin: 'not a url' },
    ];
    const paymentId = await pendingPayment(app, employer, professional);
    for (const headers of foreign) {
      const checkout = await openEscrow(app, employer, paymentId, headers);
      expect(checkout.checkout_url, JSON.stringify(headers)).toBe(`${PUBLIC}/checkout/${checkout.checkout_id}`);
      expect(await returnOf(app, checkout.checkout_id, 'success')).toBe(`${PUBLIC}/payments/success?checkout=${checkout.checkout_id}`);
    }
    // Reopened from the site's other origin, the same checkout follows the payer there.
    const again = await openEscrow(app, employer, paymentId, { origin: LOOPBACK });
    expect(again.checkout_url).toBe(`${LOOPBACK}/checkout/${again.checkout_id}`);
    expect(await returnOf(app, again.checkout_id, 'success')).toBe(`${LOOPBACK}/payments/success?checkout=${again.checkout_id}`);
  });

  it('sends a return for a checkout it does not know to the public address', async () => {
    expect(await returnOf(app, 'c0ffee00-0000-4000-8000-000000000000', 'success')).toBe(
      `${PUBLIC}/payments/success?checkout=c0ffee00-0000-4000-8000-000000000000`,
    );
    expect(await returnOf(app, '<script>', 'cancelled')).toBe(`${PUBLIC}/payments/cancelled?checkout=%3Cscript%3E`);
    const wrongOutcome = await app.inject({ method: 'GET', url: '/api/checkouts/x/return/elsewhere' });
    expect(wrongOutcome.statusCode).toBe(422);
  });
});

describe('Stripe’s success and cancel addresses', () => {
  let stripe: StripeStandIn;
  let app: App;
  let employer: TestAccount;
  let professional: TestAccount;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: 'sk_test_standin', webhookSecret: 'whsec_standin' });
    app = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_standin', STRIPE_API_URL: stripe.url },
    });
    employer = await createEmployer(app);
    professional = await createUser(app, { first_name: 'Noura', last_name: 'Al Zaabi' });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('return the payer to the site’s origin they paid from, and never to one it does not own', async () => {
    const paymentId = await pendingPayment(app, employer, professional);
    const checkout = await openEscrow(app, employer, paymentId, { origin: LOOPBACK });
    // Stripe's own page: not the site's, so it is answered as it is.
    expect(checkout.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [session] = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions');
    expect(session?.form).toMatchObject({
      success_url: `${PUBLIC}/api/checkouts/${checkout.checkout_id}/return/success`,
      cancel_url: `${PUBLIC}/api/checkouts/${checkout.checkout_id}/return/cancelled`,
    });
    expect(await returnOf(app, checkout.checkout_id, 'success')).toBe(`${LOOPBACK}/payments/success?checkout=${checkout.checkout_id}`);
    expect(await returnOf(app, checkout.checkout_id, 'cancelled')).toBe(`${LOOPBACK}/payments/cancelled?checkout=${checkout.checkout_id}`);

    await openEscrow(app, employer, paymentId, { origin: 'https://attacker.example' });
    expect(await returnOf(app, checkout.checkout_id, 'success')).toBe(`${PUBLIC}/payments/success?checkout=${checkout.checkout_id}`);
  });
});
