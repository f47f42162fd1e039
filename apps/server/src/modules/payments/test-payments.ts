import { paidCheckoutEvent } from './test-gateway.routes.ts';
import type { PaymentStatusResponse } from '@mihna/shared';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import type { jobs } from '../jobs/jobs.schema.ts';
import { bearer } from '../../test/accounts.ts';
import { insertJob } from '../proposals/test-jobs.ts';
import { checkLedgerInvariants } from './ledger-invariants.ts';
import { signPayload } from './providers/webhook-signature.ts';

interface Account {
  token: string;
  user: { id: string };
}

/** An open job of `employer`, a proposal from `professional` through the API, accepted through the API. */
export async function hire(
  app: App,
  employer: Account,
  professional: Account,
  changes: Partial<typeof jobs.$inferInsert> = {},
  rate = 8000,
) {
  const job = await insertJob(app, employer.user.id, changes);
  const proposed = await app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: bearer(professional.token),
    payload: { job_id: job.id, proposal_text: 'I will deliver it in two milestones.', proposed_rate: rate, estimated_hours: null },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const proposalId = proposed.json<{ proposal: { id: string } }>().proposal.id;
  const accepted = await app.inject({ method: 'PUT', url: `/api/proposals/${proposalId}/accept`, headers: bearer(employer.token) });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return job;
}

export const milestonesOf = (...amounts: number[]) =>
  amounts.map((amount, index) => ({ title: `Milestone ${index + 1}`, description: `Deliverable ${index + 1}`, amount, due_date: null }));

export const call = (app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) => {
  const options: InjectOptions = { method, url, headers: token ? bearer(token) : {} };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
};

export type PaymentStatusBody = PaymentStatusResponse;

export async function paymentStatus(app: App, jobId: string, token: string): Promise<PaymentStatusBody> {
  const response = await call(app, 'GET', `/api/jobs/${jobId}/payment-status`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PaymentStatusBody>();
}

/** Presses Pay on the test gateway's page, exactly as a browser's form post would. */
export async function payCheckout(app: App, checkoutUrl: string) {
  const path = new URL(checkoutUrl).pathname;
  const response = await app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(response.statusCode, response.body).toBe(303);
  return response;
}

export async function expectLedgerSound(app: App) {
  expect(await checkLedgerInvariants(app.services.database.db)).toEqual([]);
}

/** Sets up milestones, funds escrow through the gateway: a job in escrow. */
export async function fundEscrow(
  app: App,
  employer: Account,
  jobId: string,
  amounts: number[],
  pay: (checkoutUrl: string) => Promise<unknown> = (checkoutUrl) => payCheckout(app, checkoutUrl),
) {
  const setup = await call(app, 'POST', `/api/jobs/${jobId}/setup-payment`, employer.token, { milestones: milestonesOf(...amounts) });
  expect(setup.statusCode, setup.body).toBe(201);
  const { payment_id } = await paymentStatus(app, jobId, employer.token);
  const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
  expect(escrow.statusCode, escrow.body).toBe(200);
  await pay(escrow.json<{ checkout_url: string }>().checkout_url);
  return paymentStatus(app, jobId, employer.token);
}

/** A job in escrow whose milestones are all submitted and approved: their amounts (less the fee) are the professional's balance. */
export async function earn(
  app: App,
  employer: Account,
  professional: Account,
  amounts: number[],
  pay?: (checkoutUrl: string) => Promise<unknown>,
  changes: Partial<typeof jobs.$inferInsert> = {},
) {
  const job = await hire(app, employer, professional, changes);
  const status = await fundEscrow(app, employer, job.id, amounts, pay);
  for (const milestone of status.milestones) {
    const submitted = await call(app, 'POST', `/api/milestones/${milestone.id}/submit`, professional.token, {
      notes: '',
      deliverable_urls: [],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approved = await call(app, 'POST', `/api/milestones/${milestone.id}/approve`, employer.token, { notes: '' });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return job;
}

/** Posts a fixed-price project with the featured option (its fee: AED 20), as its employer would. */
export async function postFeaturedJob(app: App, employer: Account) {
  const posted = await call(app, 'POST', '/api/jobs', employer.token, {
    title: 'Arabic menu design for a Jumeirah café',
    description: 'A printed and digital menu in Arabic and English.',
    skills_required: ['Design'],
    project_type: 'fixed',
    budget_min: 1000,
    budget_max: 3000,
    emirate: 'dubai',
    is_featured: true,
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json<{ id: string }>().id;
}

/**
 * The provider's word that a checkout was paid, signed as the test gateway signs it: what arrives when a
 * page Mihna has closed is still paid (a second tab, a slow 3-D Secure step).
 */
export async function deliverPaid(app: App, checkoutId: string, at: Date) {
  const checkout = await app.services.paymentsRepository.findCheckout(checkoutId);
  if (!checkout) throw new Error(`no checkout ${checkoutId}`);
  const raw = paidCheckoutEvent(checkout, at, { event: `evt_late_${checkout.id}`, paymentIntent: `pi_late_${checkout.id}` });
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(app.services.config.testGatewaySecret, raw, at) },
    payload: raw,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
