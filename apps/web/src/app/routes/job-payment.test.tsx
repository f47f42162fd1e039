import type { PaymentReceipt, PaymentStatusResponse, Timesheet } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, JOB_ID, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { i18n } from '../../i18n/index.ts';
import JobPaymentPage from './job-payment.tsx';
import { timeEntry } from '../../features/time/testing.ts';

const WEEK = '2026-11-16';
const entry = (id: string, description: string, seconds: number) =>
  timeEntry({ id, description, seconds, start_time: '2026-11-17T05:00:00.000Z', end_time: null, amount: (seconds / 3600) * 150 });
const first = entry('33333333-3333-4333-8333-333333333331', 'Booking form', 7200);
const second = entry('33333333-3333-4333-8333-333333333332', 'Kickoff call', 3600);

const payment: PaymentStatusResponse = {
  payment_status: 'not_setup',
  payment_id: null,
  total_amount: 0,
  currency: 'AED',
  is_cash: false,
  job: {
    id: JOB_ID,
    title: 'Clinic booking site',
    status: 'assigned',
    job_type: 'hourly',
    budget_max: 200,
    agreed_amount: null,
    is_running: true,
    room_amount: null,
  },
  viewer_role: 'employer',
  other_party_id: '44444444-4444-4444-8444-444444444444',
  held_amount: 0,
  released_amount: 0,
  refunded_amount: 0,
  unfunded_amount: 0,
  dispute: null,
  checkout_url: null,
  progress: { completion_percentage: 0, completed_milestones: 0, split_milestones: 0, refunded_milestones: 0, total_milestones: 0 },
  milestones: [],
};

const sheet = (changes: Partial<Timesheet> = {}): Timesheet => ({
  week_start: WEEK,
  week_end: '2026-11-22',
  status: 'awaiting_review',
  entries: 2,
  seconds: 10_800,
  amount: 450,
  currency: 'AED',
  approved_seconds: 0,
  approved_amount: 0,
  disputed_entries: 0,
  disputed_seconds: 0,
  reviewed_at: null,
  approved_automatically: false,
  auto_approve_at: '2026-11-29T20:00:00.000Z',
  bill: null,
  ...changes,
});

const renderPayment = () =>
  renderRoutes([{ path: '/projects/:projectId/payment', element: <JobPaymentPage /> }], `/projects/${JOB_ID}/payment`);

describe('an hourly project’s payment page', () => {
  beforeAll(async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces(['payments', 'time', 'validation']);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('lets the employer approve an ended week, disputing an entry only with a note', async () => {
    let sheets = [sheet()];
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, payment)),
      answer('GET', `/api/jobs/${JOB_ID}/timesheets`, () =>
        jsonResponse(200, { timesheets: sheets, contract_status: 'active', is_cash: false }),
      ),
      answer('GET', '/api/time/entries', () => jsonResponse(200, { entries: [first, second], next_before: null })),
      answer('POST', `/api/jobs/${JOB_ID}/timesheets/${WEEK}/approve`, () => {
        sheets = [
          sheet({
            status: 'approved',
            approved_seconds: 7200,
            approved_amount: 300,
            disputed_entries: 1,
            disputed_seconds: 3600,
            bill: { milestone_id: 'm', status: 'unpaid' },
          }),
        ];
        return jsonResponse(200, { message: 'Timesheet approved' });
      }),
    );
    renderPayment();
    // Paid from timesheets: no milestone set-up is offered.
    expect(await screen.findByRole('heading', { name: 'Time worked and weekly timesheets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Up Payment' })).toBeNull();
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Review week' }));
    const dialog = await screen.findByRole('dialog');
    const callRow = (await within(dialog).findByText('Kickoff call')).closest('li')!;
    fireEvent.click(within(callRow).getByRole('checkbox', { name: 'Dispute' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve, disputing 1 entry' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/jobs/${JOB_ID}/timesheets/${WEEK}/approve`)).toHaveLength(0);

    fireEvent.change(within(callRow).getByRole('textbox', { name: 'Why you dispute this entry' }), {
      target: { value: '  Agreed as free  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve, disputing 1 entry' }));
    expect(await screen.findByText('Timesheet approved. You can now pay the approved hours.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/jobs/${JOB_ID}/timesheets/${WEEK}/approve`)[0]!.body).toEqual({
      disputes: [{ entry_id: second.id, note: 'Agreed as free' }],
    });
    // The entries of that week were read for the dialog.
    expect(api.callsTo('GET', '/api/time/entries').some((call) => call.query.get('week') === WEEK)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Pay AED 300.00' })).toBeInTheDocument();
    expect(screen.getByText('1 entry disputed (1 h 0 min), not billed.')).toBeInTheDocument();
  });

  it('shows the professional where each week stands, with nothing to approve or pay', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, { ...payment, viewer_role: 'professional' })),
      answer('GET', `/api/jobs/${JOB_ID}/timesheets`, () =>
        jsonResponse(200, {
          timesheets: [
            sheet({ status: 'approved', approved_seconds: 10_800, approved_amount: 450, bill: { milestone_id: 'm', status: 'unpaid' } }),
          ],
          contract_status: 'active',
          is_cash: false,
        }),
      ),
      answer('GET', '/api/time/entries', () =>
        jsonResponse(200, {
          entries: [
            { ...second, review_status: 'disputed', review_note: 'Agreed as free' },
            { ...first, review_status: 'approved' },
          ],
          next_before: null,
        }),
      ),
    );
    renderPayment();
    expect(await screen.findByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByText('3 h 0 min approved: AED 450.00.')).toBeInTheDocument();
    expect(screen.getByText('Agreed as free')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review week' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'End contract' })).toBeInTheDocument();
  });
});

describe('the payment page’s receipts', () => {
  const receipt: PaymentReceipt = {
    id: '55555555-5555-4555-8555-555555555555',
    number: 'MIH-R-000007',
    purpose: 'timesheet',
    paid_at: '2026-11-24T08:00:00.000Z',
    job_id: JOB_ID,
    job_title: 'Clinic booking site',
    currency: 'AED',
    amount: 300,
    payment_reference: 'pi_test_7f3c',
    lines: [{ kind: 'hours', week_start: WEEK, seconds: 7200, amount: 300 }],
  };
  const paid = { ...payment, payment_status: 'released', payment_id: '66666666-6666-4666-8666-666666666666' };
  const weeks = answer('GET', `/api/jobs/${JOB_ID}/timesheets`, () =>
    jsonResponse(200, { timesheets: [], contract_status: 'active', is_cash: false }),
  );

  afterEach(async () => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    { language: 'en' as const, title: 'Payment receipts', purpose: 'Approved hours paid', download: 'Download PDF' },
    { language: 'ar' as const, title: 'إيصالات الدفع', purpose: 'دفع الساعات المعتمدة', download: 'تنزيل PDF' },
  ])('lists the employer’s receipts for the project, each with its PDF, in $language', async ({ language, title, purpose, download }) => {
    await loadTranslations(language);
    await i18n.loadNamespaces(['payments', 'time', 'receipts', 'validation']);
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, paid)),
      weeks,
      answer('GET', '/api/receipts', () => jsonResponse(200, { receipts: [receipt], next_before: null })),
    );
    renderPayment();
    const section = (await screen.findByRole('heading', { name: title })).closest('section')!;
    expect(within(section).getByText(purpose)).toBeInTheDocument();
    expect(within(section).getByText('MIH-R-000007')).toBeInTheDocument();
    expect(within(section).getByText('pi_test_7f3c')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: download })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/receipts').map((call) => call.query.get('job_id'))).toEqual([JOB_ID]);
  });

  it('shows no receipts to the professional, nor to an employer who has paid nothing yet', async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces(['payments', 'time', 'receipts', 'validation']);
    const professional = mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, { ...paid, viewer_role: 'professional' })),
      weeks,
    );
    renderPayment();
    expect(await screen.findByRole('heading', { name: 'Time worked and weekly timesheets' })).toBeInTheDocument();
    expect(professional.callsTo('GET', '/api/receipts')).toEqual([]);
    cleanup();

    const employer = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, paid)),
      weeks,
      answer('GET', '/api/receipts', () => jsonResponse(200, { receipts: [], next_before: null })),
    );
    renderPayment();
    await waitFor(() => expect(employer.callsTo('GET', '/api/receipts')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Time worked and weekly timesheets' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment receipts' })).not.toBeInTheDocument();
  });
});
