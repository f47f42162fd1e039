import { messages, paymentMessages, timeMessages, type Timesheet, type TimeEntry } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call, expectLedgerSound, hire, paymentStatus, payCheckout } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

// Monday 2 November 2026, 10:00 in Dubai.
const clock = createTestClock(Date.parse('2026-11-02T06:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let stranger: TestAccount;
let job: { id: string };

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  // AED 150 an hour.
  job = await hire(app, employer, professional, { title: 'Clinic booking site', jobType: 'hourly' }, 150);
});
afterAll(() => app.close());

let signedInAt = clock.now().getTime();

/** Moves the clock on; sessions last 30 days, so everyone signs in again every few weeks of it. */
async function setClock(iso: string) {
  clock.advance(Date.parse(iso) - clock.now().getTime());
  if (clock.now().getTime() - signedInAt < 20 * 86_400_000) return;
  signedInAt = clock.now().getTime();
  for (const account of [employer, professional, stranger]) {
    const login = await call(app, 'POST', '/api/auth/enhanced-login', undefined, {
      email: account.user.email,
      password: account.password,
      login_method: 'password',
    });
    expect(login.statusCode, login.body).toBe(200);
    account.token = login.json<{ access_token: string }>().access_token;
  }
}

async function addTime(account: TestAccount, jobId: string, start: string, end: string, description = 'Booking form') {
  const response = await call(app, 'POST', '/api/time/manual', account.token, {
    job_id: jobId,
    description,
    start_time: start,
    end_time: end,
    reason: 'Worked on site without the laptop',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ entry: TimeEntry }>().entry;
}

async function timesheets(account: TestAccount, jobId = job.id) {
  const response = await call(app, 'GET', `/api/jobs/${jobId}/timesheets`, account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ timesheets: Timesheet[]; contract_status: string }>().timesheets;
}

const approve = (account: TestAccount, week: string, disputes: { entry_id: string; note: string }[] = [], jobId = job.id) =>
  call(app, 'POST', `/api/jobs/${jobId}/timesheets/${week}/approve`, account.token, { disputes });

const pay = (account: TestAccount, week: string, jobId = job.id) =>
  call(app, 'POST', `/api/jobs/${jobId}/timesheets/${week}/pay`, account.token);

async function weekEntries(week: string, jobId = job.id) {
  return (await call(app, 'GET', `/api/time/entries?job_id=${jobId}&week=${week}`, employer.token)).json<{ entries: TimeEntry[] }>()
    .entries;
}

async function available(account: TestAccount) {
  const earnings = (await call(app, 'GET', '/api/earnings', account.token)).json<{ balances: { currency: string; available: number }[] }>();
  return earnings.balances.find((balance) => balance.currency === 'AED')?.available ?? 0;
}

const kindsOf = async (account: TestAccount) =>
  (await call(app, 'GET', '/api/notifications', account.token))
    .json<{ notifications: { kind: string }[] }>()
    .notifications.map((notification) => notification.kind);

describe('a week’s timesheet', () => {
  let third: TimeEntry;

  it('gathers the week’s entries, Monday to Sunday in the Gulf, and waits for the week to end', async () => {
    await setClock('2026-11-05T12:00:00Z');
    await addTime(professional, job.id, '2026-11-03T05:00:00Z', '2026-11-03T07:00:00Z'); // 2 h, AED 300
    await addTime(professional, job.id, '2026-11-04T05:00:00Z', '2026-11-04T08:30:00Z'); // 3.5 h, AED 525
    third = await addTime(professional, job.id, '2026-11-04T10:00:00Z', '2026-11-04T11:00:00Z'); // 1 h, AED 150
    const [week] = await timesheets(professional);
    expect(week).toMatchObject({
      week_start: '2026-11-02',
      week_end: '2026-11-08',
      status: 'in_progress',
      entries: 3,
      seconds: 6.5 * 3600,
      amount: 975,
      currency: 'AED',
      bill: null,
    });
    // Sunday 8 November ends at midnight in Dubai (20:00 UTC): approved for the employer 7 days later.
    expect(week?.auto_approve_at).toBe('2026-11-15T20:00:00.000Z');
    const early = await approve(employer, '2026-11-02');
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ detail: timeMessages.weekNotOver });
  });

  it('is reviewed by its employer only, and a week must be a Monday with time in it', async () => {
    await setClock('2026-11-09T21:00:00Z');
    expect((await timesheets(employer))[0]?.status).toBe('awaiting_review');
    for (const account of [professional, stranger]) {
      const refused = await approve(account, '2026-11-02');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ detail: timeMessages.onlyOwnerReviews });
    }
    expect((await call(app, 'GET', `/api/jobs/${job.id}/timesheets`, stranger.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/timesheets`)).statusCode).toBe(401);
    expect((await approve(employer, '2026-11-03')).json()).toMatchObject({ code: 'validation_failed' });
    expect((await approve(employer, '2026-02-30')).statusCode).toBe(422);
    const empty = await approve(employer, '2026-10-26');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ detail: timeMessages.emptyWeek });
    expect((await call(app, 'POST', '/api/jobs/nonsense/timesheets/2026-11-02/approve', employer.token, {})).statusCode).toBe(404);
  });

  it('refuses a dispute without a note or about another week’s entry, and changes nothing', async () => {
    const noNote = await approve(employer, '2026-11-02', [{ entry_id: third.id, note: '  ' }]);
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json<{ detail: { msg: string }[] }>().detail[0]?.msg).toBe(messages.required);
    const elsewhere = await approve(employer, '2026-11-02', [{ entry_id: '00000000-0000-4000-8000-000000000000', note: 'Not ours' }]);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({ detail: timeMessages.notInWeek });
    expect((await timesheets(employer))[0]).toMatchObject({ status: 'awaiting_review', bill: null });
    expect((await weekEntries('2026-11-02')).map((entry) => entry.review_status)).toEqual([null, null, null]);
  });

  it('approves every entry but those disputed, each with its note, and bills the approved hours once', async () => {
    const approved = await approve(employer, '2026-11-02', [
      { entry_id: third.id, note: 'This hour was the kickoff call, agreed as free.' },
    ]);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: timeMessages.timesheetApproved });
    const [week] = await timesheets(professional);
    expect(week).toMatchObject({
      status: 'approved',
      approved_seconds: 5.5 * 3600,
      approved_amount: 825,
      disputed_entries: 1,
      disputed_seconds: 3600,
      approved_automatically: false,
      auto_approve_at: null,
      bill: { status: 'unpaid' },
    });
    const entries = await weekEntries('2026-11-02');
    expect(entries.find((entry) => entry.id === third.id)).toMatchObject({
      review_status: 'disputed',
      review_note: 'This hour was the kickoff call, agreed as free.',
    });
    expect(entries.filter((entry) => entry.review_status === 'approved')).toHaveLength(2);
    expect(await kindsOf(professional)).toContain('timesheet_reviewed');

    // Once only: a second review, and time typed into the reviewed week, are refused.
    const again = await approve(employer, '2026-11-02');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: timeMessages.alreadyReviewed });
    const late = await call(app, 'POST', '/api/time/manual', professional.token, {
      job_id: job.id,
      description: 'Forgot this one',
      start_time: '2026-11-06T05:00:00Z',
      end_time: '2026-11-06T06:00:00Z',
      reason: 'Typed in late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: timeMessages.weekReviewed });

    // The bill is a milestone of the contract's payment, awaiting the employer's payment.
    const status = await paymentStatus(app, job.id, professional.token);
    expect(status).toMatchObject({ payment_status: 'pending', total_amount: 825, held_amount: 0, released_amount: 0 });
    expect(status.milestones).toEqual([expect.objectContaining({ id: week?.bill?.milestone_id, amount: 825, status: 'pending' })]);
  });

  it('is paid by its employer through the checkout, released at once to the professional less the 2% fee', async () => {
    expect((await pay(professional, '2026-11-02')).statusCode).toBe(403);
    expect((await pay(stranger, '2026-11-02')).statusCode).toBe(403);
    expect((await pay(employer, '2026-10-26')).json()).toMatchObject({ detail: timeMessages.timesheetNotFound });
    const checkout = await pay(employer, '2026-11-02');
    expect(checkout.statusCode, checkout.body).toBe(200);
    // Asking again while it is open reuses the same page.
    expect((await pay(employer, '2026-11-02')).json()).toEqual(checkout.json());
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);

    expect((await timesheets(employer))[0]?.bill?.status).toBe('paid');
    const status = await paymentStatus(app, job.id, employer.token);
    expect(status).toMatchObject({ payment_status: 'released', total_amount: 825, held_amount: 0, released_amount: 825 });
    // AED 825 less the 2% service fee (AED 16.50).
    expect(await available(professional)).toBe(808.5);
    expect(await kindsOf(professional)).toContain('hours_paid');
    await expectLedgerSound(app);
    const twice = await pay(employer, '2026-11-02');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: timeMessages.alreadyPaid });
  });

  it('waits while a timer of the week still runs', async () => {
    // Sunday 15 November, 23:30 in Dubai: the timer starts in the week of the 9th and runs past its end.
    await setClock('2026-11-15T19:30:00Z');
    const started = await call(app, 'POST', '/api/time/start', professional.token, { job_id: job.id, description: 'Release night' });
    expect(started.statusCode, started.body).toBe(201);
    await setClock('2026-11-15T21:00:00Z');
    const running = await approve(employer, '2026-11-09');
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ detail: timeMessages.stillRunning });
    const id = started.json<{ entry: { id: string } }>().entry.id;
    expect((await call(app, 'PUT', `/api/time/${id}/stop`, professional.token, { description: 'Release night' })).statusCode).toBe(200);
    expect((await approve(employer, '2026-11-09')).statusCode).toBe(200);
    // 1.5 hours at AED 150.
    expect((await timesheets(employer))[0]).toMatchObject({ week_start: '2026-11-09', approved_amount: 225, bill: { status: 'unpaid' } });
  });

  it('bills each week once when two reviews race', async () => {
    await setClock('2026-11-18T12:00:00Z');
    await addTime(professional, job.id, '2026-11-17T05:00:00Z', '2026-11-17T06:00:00Z');
    await setClock('2026-11-23T12:00:00Z');
    const answers = await Promise.all([approve(employer, '2026-11-16'), approve(employer, '2026-11-16')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const status = await paymentStatus(app, job.id, employer.token);
    expect(status.milestones.map((milestone) => milestone.amount)).toEqual([825, 225, 150]);
    expect(status.total_amount).toBe(1200);
  });
});

describe('automatic approval', () => {
  it('approves a week 7 days after it ended when its employer has not, and tells both sides', async () => {
    // The week of 23 November ends on Sunday 29th at midnight in Dubai: approved from 6 December, 20:00 UTC.
    await setClock('2026-11-24T12:00:00Z');
    await addTime(professional, job.id, '2026-11-24T05:00:00Z', '2026-11-24T09:00:00Z', 'Payment screens');
    await setClock('2026-12-06T19:59:00Z');
    expect(await app.services.timesheets.runAutoApprovals()).toEqual({ approved: 0 });
    await setClock('2026-12-06T20:00:00Z');
    expect(await app.services.timesheets.runAutoApprovals()).toEqual({ approved: 1 });
    const week = (await timesheets(employer)).find((sheet) => sheet.week_start === '2026-11-23');
    expect(week).toMatchObject({ status: 'approved', approved_automatically: true, approved_amount: 600, bill: { status: 'unpaid' } });
    expect(await kindsOf(employer)).toContain('timesheet_auto_approved');
    expect(await kindsOf(professional)).toContain('timesheet_auto_approved');
    expect(await app.services.timesheets.runAutoApprovals()).toEqual({ approved: 0 });
  });
});

describe('a dispute on an hourly contract', () => {
  it('is refused while escrow holds nothing for it, and the weeks go on being paid', async () => {
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    // Each week paid reaches the professional at once: escrow holds nothing a dispute could freeze.
    const refused = await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
      reason: 'Hours not agreed',
      description: 'The release night was not agreed in advance.',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ detail: paymentMessages.nothingHeldOnPayment, code: 'conflict' });
    const checkout = await pay(employer, '2026-11-09');
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    expect((await timesheets(employer)).find((sheet) => sheet.week_start === '2026-11-09')?.bill?.status).toBe('paid');
    expect(await paymentStatus(app, job.id, employer.token)).toMatchObject({ held_amount: 0, dispute: null });
    await expectLedgerSound(app);
  });
});

describe('hourly contracts', () => {
  it('are paid from timesheets, not milestones laid out in advance', async () => {
    const setup = await call(app, 'POST', `/api/jobs/${job.id}/setup-payment`, employer.token, {
      milestones: [{ title: 'All of it', description: 'Everything', amount: 100, due_date: null }],
    });
    expect(setup.statusCode).toBe(409);
    expect(setup.json()).toMatchObject({ detail: timeMessages.paidByTimesheets });
    // Nor can the whole bill be paid into escrow at once: each week is paid on its own.
    const { payment_id } = await paymentStatus(app, job.id, employer.token);
    const escrow = await call(app, 'POST', `/api/payments/${payment_id}/create-escrow`, employer.token);
    expect(escrow.statusCode).toBe(409);
    expect(escrow.json()).toMatchObject({ detail: timeMessages.paidByTimesheets });
  });

  it('end when either party ends them: a running timer stops, the job completes, and both can review', async () => {
    await setClock('2026-12-07T06:00:00Z');
    const started = await call(app, 'POST', '/api/time/start', professional.token, { job_id: job.id, description: 'Handover notes' });
    expect(started.statusCode, started.body).toBe(201);
    await setClock('2026-12-07T07:00:00Z');
    expect((await call(app, 'POST', `/api/jobs/${job.id}/end-contract`, stranger.token)).statusCode).toBe(403);
    const fixed = await hire(app, employer, professional, { title: 'Logo', jobType: 'fixed' }, 900);
    const notHourly = await call(app, 'POST', `/api/jobs/${fixed.id}/end-contract`, employer.token);
    expect(notHourly.statusCode).toBe(409);
    expect(notHourly.json()).toMatchObject({ detail: timeMessages.notEndable });

    const ended = await call(app, 'POST', `/api/jobs/${job.id}/end-contract`, professional.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: timeMessages.contractEndedNow });
    expect((await call(app, 'GET', '/api/time/worker/active', professional.token)).json()).toEqual({ active_entry: null });
    const [handover] = await weekEntries('2026-12-07');
    expect(handover).toMatchObject({ description: 'Handover notes', seconds: 3600, amount: 150 });
    expect((await call(app, 'GET', `/api/jobs/${job.id}/payment-status`, employer.token)).json()).toMatchObject({
      job: { status: 'completed' },
    });
    const reviews = (await call(app, 'GET', `/api/jobs/${job.id}/reviews`, employer.token)).json<{ can_review: boolean }>();
    expect(reviews.can_review).toBe(true);

    expect((await call(app, 'POST', `/api/jobs/${job.id}/end-contract`, employer.token)).statusCode).toBe(409);
    const after = await call(app, 'POST', '/api/time/start', professional.token, { job_id: job.id, description: 'More' });
    expect(after.json()).toMatchObject({ detail: timeMessages.contractEnded });
    // The last week is still reviewed and paid, as any other.
    await setClock('2026-12-14T06:00:00Z');
    expect((await approve(employer, '2026-12-07')).statusCode).toBe(200);
  });
});

describe('a cash hourly contract', () => {
  it('settles each approved week in person, marked by the professional and confirmed by the employer, and goes on', async () => {
    await setClock('2026-12-15T06:00:00Z');
    const gardener = await createUser(app, { first_name: 'Rashid', last_name: 'Al Nuaimi' });
    const garden = await hire(app, employer, gardener, { title: 'Villa garden upkeep', jobType: 'hourly', paymentMethod: 'cash' }, 60);
    await setClock('2026-12-16T06:00:00Z');
    await addTime(gardener, garden.id, '2026-12-15T07:00:00Z', '2026-12-15T09:00:00Z', 'Hedges and watering');
    await setClock('2026-12-21T21:00:00Z');
    expect((await approve(employer, '2026-12-14', [], garden.id)).statusCode).toBe(200);
    const bill = (await timesheets(gardener, garden.id))[0]!.bill!;
    expect(bill.status).toBe('unpaid');
    // Nothing to pay through the provider: the cash changes hands in person.
    const refused = await pay(employer, '2026-12-14', garden.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'This project is paid in cash in person: there is no escrow to fund.' });

    expect((await call(app, 'POST', `/api/milestones/${bill.milestone_id}/mark-paid-in-cash`, employer.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${bill.milestone_id}/mark-paid-in-cash`, gardener.token)).statusCode).toBe(200);
    expect((await timesheets(employer, garden.id))[0]!.bill!.status).toBe('paid_in_cash');
    expect((await paymentStatus(app, garden.id, employer.token)).payment_status).toBe('pending');
    expect((await call(app, 'POST', `/api/milestones/${bill.milestone_id}/confirm-cash-payment`, gardener.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/milestones/${bill.milestone_id}/confirm-cash-payment`, employer.token)).statusCode).toBe(200);

    expect((await timesheets(gardener, garden.id))[0]!.bill!.status).toBe('paid');
    // Paid to date, and the contract goes on: paying a week does not end it.
    expect(await paymentStatus(app, garden.id, employer.token)).toMatchObject({ payment_status: 'released', released_amount: 120 });
    expect((await call(app, 'GET', `/api/jobs/${garden.id}/timesheets`, gardener.token)).json()).toMatchObject({
      contract_status: 'active',
    });
    // Cash is earned in full: no service fee on money that never passed through the marketplace.
    const figures = (await call(app, 'GET', '/api/dashboard/stats', gardener.token)).json<{ total_earned: number }>();
    expect(figures.total_earned).toBe(120);
    await expectLedgerSound(app);
  });
});
