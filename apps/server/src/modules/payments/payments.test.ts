import { paymentMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestClock, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createSuperAdmin } from '../admin/test-admins.ts';
import type { AppError } from '../../lib/app-error.ts';
import { createTestApp, selectRows, testConfig } from '../../test/harness.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { call, expectLedgerSound, fundEscrow, hire, milestonesOf, payCheckout, paymentStatus, postFeaturedJob } from './test-payments.ts';
import type { App } from '../../app.ts';

const clock = createTestClock();
let app: App;
let employer: TestAccount;
let otherEmployer: TestAccount;
let professional: TestAccount;
let otherProfessional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  otherEmployer = await createEmployer(app, { first_name: 'Salem', last_name: 'Al Nuaimi', company_name: 'Dune Labs' });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  otherProfessional = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

const balanceOf = async (userId: string) => {
  const [row] = await selectRows<{ balance: string }>(
    app.services.database,
    sql`select balance_minor::text as balance from ledger_accounts where kind = 'professional_balance' and owner_id = ${userId}`,
  );
  return Number(row?.balance ?? 0);
};

describe('escrow with milestones, end to end', () => {
  it('sets up, funds through the gateway, submits, approves both and completes the job, with the ledger sound at every step', async () => {
    const job = await hire(app, employer, professional);
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('not_setup');

    const setup = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(3000, 2000.5) });
    expect(setup.statusCode, setup.body).toBe(201);
    expect(setup.json()).toEqual({ message: 'Payment setup completed successfully!' });
    const pending = await paymentStatus(app, job.id, professional.token);
    expect(pending).toMatchObject({
      payment_status: 'pending',
      total_amount: 5000.5,
      progress: { total_milestones: 2, completed_milestones: 0 },
    });
    await expectLedgerSound(app);

    const escrow = await call(app, 'POST', `/api/payments/${pending.payment_id}/create-escrow`, employer.token);
    expect(escrow.statusCode, escrow.body).toBe(200);
    const again = await call(app, 'POST', `/api/payments/${pending.payment_id}/create-escrow`, employer.token);
    expect(again.json()).toEqual(escrow.json());
    const page = await app.inject({ method: 'GET', url: new URL(escrow.json<{ checkout_url: string }>().checkout_url).pathname });
    expect(page.body).toContain('AED 5,000.50');
    expect(page.body).toContain('/pay"');

    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    const funded = await paymentStatus(app, job.id, employer.token);
    expect(funded).toMatchObject({ payment_status: 'escrowed', held_amount: 5000.5, released_amount: 0 });
    await expectLedgerSound(app);

    const [first, second] = funded.milestones;
    const submitted = await call(app, 'POST', `/api/milestones/${first!.id}/submit`, professional.token, {
      notes: 'Designs attached',
      deliverable_urls: ['https://example.ae/designs'],
    });
    expect(submitted.json()).toEqual({ message: 'Milestone submitted successfully!' });
    const approved = await call(app, 'POST', `/api/milestones/${first!.id}/approve`, employer.token, { notes: 'Lovely' });
    expect(approved.json()).toEqual({ message: 'Milestone approved and payment released!' });
    // 3000.00 less the 2% fee (60.00).
    expect(await balanceOf(professional.user.id)).toBe(294_000);
    await expectLedgerSound(app);

    await call(app, 'POST', `/api/milestones/${second!.id}/submit`, professional.token, { notes: '', deliverable_urls: [] });
    await call(app, 'POST', `/api/milestones/${second!.id}/approve`, employer.token, { notes: '' });
    const done = await paymentStatus(app, job.id, professional.token);
    expect(done).toMatchObject({
      payment_status: 'released',
      held_amount: 0,
      released_amount: 5000.5,
      progress: { completion_percentage: 100, completed_milestones: 2, total_milestones: 2 },
    });
    // 2000.50 less 40.01 (2%, half up).
    expect(await balanceOf(professional.user.id)).toBe(294_000 + 196_049);
    const [state] = await selectRows<{ job: string; contract: string }>(
      app.services.database,
      sql`select j.status as job, c.status as contract from jobs j join contracts c on c.job_id = j.id where j.id = ${job.id}`,
    );
    expect(state).toEqual({ job: 'completed', contract: 'completed' });
    expect((await outboxFor(app, String(professional.input.email))).some((message) => message.subject === 'Milestone approved')).toBe(true);
    await expectLedgerSound(app);
  });

  it('applies a replayed gateway event once', async () => {
    const job = await hire(app, employer, professional);
    await fundEscrow(app, employer, job.id, [100]);
    const [event] = await selectRows<{ payload: { raw: unknown } }>(
      app.services.database,
      sql`select payload from provider_events order by received_at desc limit 1`,
    );
    const raw = JSON.stringify(event!.payload.raw);
    const { signPayload } = await import('./providers/webhook-signature.ts');
    const replay = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(testConfig().testGatewaySecret, raw, clock.now()) },
      payload: raw,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect((await paymentStatus(app, job.id, employer.token)).held_amount).toBe(100);
    await expectLedgerSound(app);
  });
});

describe('POST /api/jobs/{jobId}/setup-payment', () => {
  it('refuses a total over the accepted price and incomplete milestones with the specification messages, storing nothing', async () => {
    // The job's budget goes up to AED 10,000; the proposal hired was AED 8,000: the plan may not exceed what was agreed.
    const job = await hire(app, employer, professional);
    const over = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(6000, 2000.01) });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0].msg).toBe('Total milestone amount (AED 8,000.01) exceeds job budget (AED 8,000.00)');
    expect((await paymentStatus(app, job.id, employer.token)).job).toMatchObject({ agreed_amount: 8000, budget_max: 10000 });
    const empty = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, {
      milestones: [{ title: 'Only a title', description: '', amount: 10 }],
    });
    expect(empty.json().detail[0].msg).toBe(paymentMessages.noCompleteMilestone);
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('not_setup');
  });

  it.each([
    ['negative', -5, 'Must be at least 0'],
    ['too many decimals', 10.005, 'Must have no more than 2 decimal places'],
    ['non-numeric', 'ten', 'Must be a valid number'],
    ['huge', 1e30, 'Must be no more than 1000000000'],
  ])('answers 422 to a %s amount and changes nothing', async (_name: string, amount: number | string, message: string) => {
    const job = await hire(app, employer, professional);
    const response = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, {
      milestones: [{ title: 'Design', description: 'Screens', amount }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].msg).toBe(message);
    expect((await paymentStatus(app, job.id, employer.token)).payment_status).toBe('not_setup');
  });

  it('takes three decimals in Kuwaiti dinars', async () => {
    const job = await hire(
      app,
      employer,
      professional,
      { country: 'KW', region: null, currency: 'KWD', budgetMinMinor: 100_000, budgetMaxMinor: 900_000 },
      500,
    );
    const response = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(120.125) });
    expect(response.statusCode, response.body).toBe(201);
    expect((await paymentStatus(app, job.id, employer.token)).total_amount).toBe(120.125);
  });

  it('answers 403 to another employer and to the professional, 404 to an unknown job, 409 once funded', async () => {
    const job = await hire(app, employer, professional);
    const body = { milestones: milestonesOf(100) };
    expect((await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, otherEmployer.token, body)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, professional.token, body)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, undefined, body)).statusCode).toBe(401);
    expect((await call(app, 'POST', `/api/jobs/00000000-0000-4000-8000-000000000000/setup-payment`, employer.token, body)).statusCode).toBe(
      404,
    );
    expect((await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, body)).statusCode).toBe(201);
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    const again = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(paymentMessages.alreadySetUp);
  });
});

describe('who may see and move a payment', () => {
  it('shows the payment to its two parties only', async () => {
    const job = await hire(app, employer, professional);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/payment-status`, otherEmployer.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/payment-status`, otherProfessional.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/payment-status`)).statusCode).toBe(401);
    expect((await call(app, 'GET', `/api/jobs/not-an-id/payment-status`, employer.token)).json().detail).toBe('Job Not Found');
  });

  it('lets only the owner fund and approve, and only the hired professional submit', async () => {
    const job = await hire(app, employer, professional);
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(100) });
    const { payment_id, milestones } = await paymentStatus(app, job.id, employer.token);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, professional.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, otherEmployer.token)).statusCode).toBe(403);
    const milestone = milestones[0]!.id;
    // Nothing can be submitted before escrow is funded.
    expect((await call(app, 'POST', `/api/milestones/${milestone}/submit`, professional.token, {})).statusCode).toBe(409);
    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    await payCheckout(app, escrow.json<{ checkout_url: string }>().checkout_url);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/submit`, otherProfessional.token, {})).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/submit`, employer.token, {})).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/approve`, employer.token, {})).statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/submit`, professional.token, {})).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/approve`, professional.token, {})).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/approve`, otherEmployer.token, {})).statusCode).toBe(403);
    expect(
      (await call(app, 'POST', `/api/milestones/${milestone}/submit`, professional.token, { deliverable_urls: ['javascript:alert(1)'] }))
        .statusCode,
    ).toBe(422);
    await expectLedgerSound(app);
  });
});

describe('racing approvals', () => {
  it('releases a milestone once when 100 approvals arrive at once', async () => {
    const job = await hire(app, employer, professional);
    const { milestones } = await fundEscrow(app, employer, job.id, [1000]);
    const milestone = milestones[0]!.id;
    await call(app, 'POST', `/api/milestones/${milestone}/submit`, professional.token, {});
    const before = await balanceOf(professional.user.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(app, 'POST', `/api/milestones/${milestone}/approve`, employer.token, {})),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(99);
    expect((await balanceOf(professional.user.id)) - before).toBe(98_000);
    await expectLedgerSound(app);
  });

  it('answers each of many approvals arriving together on its own, written in batches', async () => {
    const submitAll = async (milestones: { id: string }[]) => {
      for (const { id } of milestones) await call(app, 'POST', `/api/milestones/${id}/submit`, otherProfessional.token, {});
    };
    // Both milestones of one job, approved at the same moment: the job completes once.
    const both = await hire(app, employer, otherProfessional);
    const bothMilestones = (await fundEscrow(app, employer, both.id, [300, 700])).milestones;
    await submitAll(bothMilestones);
    // Ten single-milestone jobs approved by their employer, each once more by another employer.
    const singles = [];
    for (let index = 0; index < 10; index += 1) {
      const job = await hire(app, employer, otherProfessional);
      const { milestones } = await fundEscrow(app, employer, job.id, [100 + index]);
      await submitAll(milestones);
      singles.push({ job, milestone: milestones[0]! });
    }
    // One not submitted yet, one under dispute.
    const unsubmitted = (await fundEscrow(app, employer, (await hire(app, employer, otherProfessional)).id, [50])).milestones[0]!;
    const disputedJob = await hire(app, employer, otherProfessional);
    const disputed = await fundEscrow(app, employer, disputedJob.id, [60]);
    await submitAll(disputed.milestones);
    await call(app, 'POST', `/api/payments/${disputed.payment_id}/dispute`, employer.token, {
      reason: 'Late',
      description: 'Not delivered.',
    });
    const before = await balanceOf(otherProfessional.user.id);

    // Straight to the service, all in the same tick: the first two are written alone (two batches at a
    // time), the rest wait and go together in the next batch, whatever the database.
    const approve = (id: string, by: TestAccount) =>
      app.services.payments.approveMilestone({ id: by.user.id, role: 'employer' }, id, { notes: 'Thank you' }).then(
        () => ({ status: 200, detail: undefined }),
        (error: AppError) => ({ status: error.statusCode, detail: error.detail }),
      );
    const wave: { expected: number; answer: ReturnType<typeof approve>; detail?: string }[] = [
      { expected: 404, answer: approve('0b7e8a9e-9d55-4a55-8a4e-3c1f5f0a1d20', employer), detail: paymentMessages.milestoneNotFound },
      { expected: 409, answer: approve(unsubmitted.id, employer), detail: paymentMessages.notApprovable },
      ...bothMilestones.map(({ id }) => ({ expected: 200, answer: approve(id, employer) })),
      ...singles.flatMap(({ milestone }) => [
        { expected: 403, answer: approve(milestone.id, otherEmployer), detail: paymentMessages.onlyOwnerApproves },
        { expected: 200, answer: approve(milestone.id, employer) },
        { expected: 409, answer: approve(milestone.id, employer), detail: paymentMessages.notApprovable },
      ]),
      { expected: 409, answer: approve(disputed.milestones[0]!.id, employer), detail: paymentMessages.milestoneOnHold },
    ];
    const answers = await Promise.all(wave.map(({ answer }) => answer));
    expect(answers).toEqual(wave.map(({ expected, detail }) => ({ status: expected, detail })));

    // 1,000 + 100 + 101 + … + 109 = 2,045 AED released, less the 2% fee.
    expect((await balanceOf(otherProfessional.user.id)) - before).toBe(200_410);
    const completed = await paymentStatus(app, both.id, employer.token);
    expect(completed).toMatchObject({ payment_status: 'released', job: { status: 'completed' }, released_amount: 1000 });
    for (const { job } of singles) {
      expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'released', job: { status: 'completed' } });
    }
    expect((await paymentStatus(app, disputedJob.id, employer.token)).payment_status).toBe('disputed');
    const [notes] = await selectRows<{ notes: string; approvals: number }>(
      app.services.database,
      sql`select min(reviewer_notes) as notes, count(*)::int as approvals from milestones
          where id in (${sql.join(
            [...bothMilestones, ...singles.map(({ milestone }) => milestone)].map(({ id }) => sql`${id}::uuid`),
            sql`, `,
          )})
          and status = 'approved' and not is_auto_approved`,
    );
    expect(notes).toEqual({ notes: 'Thank you', approvals: 12 });
    const [told] = await selectRows<{ completions: number }>(
      app.services.database,
      sql`select count(*)::int as completions from notifications where user_id = ${otherProfessional.user.id} and kind = 'job_completed'
          and params->>'job_id' in (${sql.join(
            [both, ...singles.map(({ job }) => job)].map(({ id }) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(told?.completions).toBe(11);
    await expectLedgerSound(app);
  });
});

describe('cash jobs', () => {
  it('have milestones but no escrow and no fees, and settle off-platform once the employer confirms', async () => {
    const job = await hire(app, employer, professional, { paymentMethod: 'cash' });
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(750) });
    const { payment_id, milestones } = await paymentStatus(app, job.id, employer.token);
    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    expect(escrow.statusCode).toBe(409);
    expect(escrow.json().detail).toBe(paymentMessages.cashNoEscrow);
    const milestone = milestones[0]!.id;
    expect((await call(app, 'POST', `/api/milestones/${milestone}/confirm-cash-payment`, employer.token)).statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/mark-paid-in-cash`, employer.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/mark-paid-in-cash`, professional.token)).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/confirm-cash-payment`, professional.token)).statusCode).toBe(403);
    const before = await balanceOf(professional.user.id);
    expect((await call(app, 'POST', `/api/milestones/${milestone}/confirm-cash-payment`, employer.token)).statusCode).toBe(200);
    expect(await balanceOf(professional.user.id)).toBe(before);
    expect(await paymentStatus(app, job.id, professional.token)).toMatchObject({ payment_status: 'released', released_amount: 750 });
    const [cash] = await selectRows<{ total: string }>(
      app.services.database,
      sql`select sum(e.amount_minor)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.kind = 'cash_received' and a.owner_id = ${professional.user.id}`,
    );
    expect(cash!.total).toBe('-75000');
    await expectLedgerSound(app);
  });

  it("complete through the specification's calls: submit means paid in cash, approve confirms it, with no commission", async () => {
    const job = await hire(app, employer, professional, { paymentMethod: 'cash' });
    await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, { milestones: milestonesOf(300, 200) });
    const { milestones } = await paymentStatus(app, job.id, employer.token);
    const before = await balanceOf(professional.user.id);
    for (const milestone of milestones) {
      const submitted = await call(app, 'POST', `/api/milestones/${milestone.id}/submit`, professional.token, {
        notes: 'Paid at the villa',
        deliverable_urls: ['https://example.ae/photos'],
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toEqual({ message: paymentMessages.cashMarked });
      // The employer cannot confirm before the professional says it was paid, nor the professional confirm.
      expect((await call(app, 'POST', `/api/milestones/${milestone.id}/approve`, professional.token, { notes: '' })).statusCode).toBe(403);
      const approved = await call(app, 'POST', `/api/milestones/${milestone.id}/approve`, employer.token, { notes: 'Received' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toEqual({ message: paymentMessages.cashConfirmed });
      expect((await call(app, 'POST', `/api/milestones/${milestone.id}/approve`, employer.token, { notes: '' })).statusCode).toBe(409);
    }
    const done = await paymentStatus(app, job.id, professional.token);
    expect(done).toMatchObject({ payment_status: 'released', released_amount: 500, job: { status: 'completed' } });
    expect(done.milestones[0]).toMatchObject({ status: 'approved', submission_notes: 'Paid at the villa', reviewer_notes: 'Received' });
    // Counted in the settlement value, never in the balance, and no commission taken.
    expect(await balanceOf(professional.user.id)).toBe(before);
    const [fees] = await selectRows<{ fees: number }>(
      app.services.database,
      sql`select count(*)::int as fees from ledger_transactions t where t.job_id = ${job.id} and t.kind <> 'cash_settled'`,
    );
    expect(fees!.fees).toBe(0);
    const staff = await createSuperAdmin(app);
    const stats = await app.inject({ method: 'GET', url: '/api/admin/financial-stats', headers: bearer(staff.token) });
    expect(stats.json<{ total_settlement_value: number }>().total_settlement_value).toBeGreaterThanOrEqual(500);
    await expectLedgerSound(app);
  });
});

describe('automatic approval', () => {
  it('warns both sides 3 days before and approves a milestone the employer leaves for 14 days', async () => {
    const job = await hire(app, employer, professional);
    const { milestones } = await fundEscrow(app, employer, job.id, [200]);
    await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {});
    clock.advance(10 * 86_400_000);
    expect(await app.services.payments.runAutoApprovals()).toEqual({ warned: 0, approved: 0 });
    clock.advance(1 * 86_400_000 + 1000);
    expect((await app.services.payments.runAutoApprovals()).warned).toBeGreaterThanOrEqual(1);
    expect((await paymentStatus(app, job.id, employer.token)).milestones[0]!.status).toBe('submitted');
    clock.advance(3 * 86_400_000);
    expect((await app.services.payments.runAutoApprovals()).approved).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ payment_status: 'released' });
    await expectLedgerSound(app);
  });
});

describe('featured payments', () => {
  it('features a project posted with the featured option once its fee is paid, and records featured income', async () => {
    const jobId = await postFeaturedJob(app, employer);
    expect((await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, otherEmployer.token)).statusCode).toBe(403);
    const checkout = await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, employer.token);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const checkoutUrl = checkout.json<{ checkout_url: string }>().checkout_url;
    // The gateway's page says what is paid for in the payer's language, with the project's own title.
    const pagePath = new URL(checkoutUrl).pathname;
    const english = await app.inject({ method: 'GET', url: `${pagePath}?lang=en` });
    expect(english.body).toContain('Featuring your project for 7 days: <bdi>Arabic menu design for a Jumeirah café</bdi>');
    const arabic = await app.inject({ method: 'GET', url: pagePath, headers: { 'accept-language': 'ar-AE,ar;q=0.9' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('تمييز مشروعك لمدة 7 أيام: <bdi>Arabic menu design for a Jumeirah café</bdi>');
    await payCheckout(app, checkoutUrl);
    const [job] = await selectRows<{ featured_until: string }>(
      app.services.database,
      sql`select featured_until from jobs where id = ${jobId}`,
    );
    expect(new Date(job!.featured_until).getTime() - clock.now().getTime()).toBe(7 * 86_400_000);
    const [income] = await selectRows<{ total: string }>(
      app.services.database,
      sql`select sum(e.amount_minor)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'featured_income'`,
    );
    expect(income!.total).toBe('-2000');
    expect((await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, employer.token)).statusCode).toBe(409);
    await expectLedgerSound(app);
  });
});
