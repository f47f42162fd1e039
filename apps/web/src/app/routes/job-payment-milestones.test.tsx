import type { Milestone, PaymentStatusResponse } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, JOB_ID, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { i18n } from '../../i18n/index.ts';
import JobPaymentPage from './job-payment.tsx';

const PAYMENT_ID = '66666666-6666-4666-8666-666666666666';

const milestone = (id: string, title: string, changes: Partial<Milestone> = {}): Milestone => ({
  id,
  title,
  description: `${title} delivered`,
  amount: 5000,
  currency: 'AED',
  due_date: null,
  status: 'pending',
  submission_notes: null,
  deliverable_urls: [],
  reviewer_notes: null,
  submitted_at: null,
  approved_at: null,
  auto_approve_at: null,
  is_funded: true,
  held_amount: 5000,
  released_amount: 0,
  refunded_amount: 0,
  dispute: null,
  ...changes,
});

const base: PaymentStatusResponse = {
  payment_status: 'escrowed',
  payment_id: PAYMENT_ID,
  total_amount: 10_000,
  currency: 'AED',
  is_cash: false,
  job: {
    id: JOB_ID,
    title: 'Villa fit-out drawings',
    status: 'assigned',
    job_type: 'fixed',
    budget_max: 12_000,
    agreed_amount: 10_000,
    is_running: true,
    room_amount: 0,
  },
  viewer_role: 'employer',
  other_party_id: '44444444-4444-4444-8444-444444444444',
  held_amount: 10_000,
  released_amount: 0,
  refunded_amount: 0,
  unfunded_amount: 0,
  dispute: null,
  checkout_url: null,
  progress: { completion_percentage: 0, completed_milestones: 0, split_milestones: 0, refunded_milestones: 0, total_milestones: 2 },
  milestones: [milestone('m1', 'Concept drawings', { status: 'submitted' }), milestone('m2', 'Construction set')],
};

/** A split dispute about the first milestone: AED 3,000 released, 2,000 refunded, the second still held. */
const split: PaymentStatusResponse = {
  ...base,
  held_amount: 5000,
  released_amount: 3000,
  refunded_amount: 2000,
  dispute: {
    id: 'd1',
    reason: 'Late',
    description: 'Half was delivered.',
    status: 'resolved',
    created_at: '2026-11-20T08:00:00.000Z',
    opened_by: 'employer',
    milestone_ids: ['m1'],
    decision: 'split',
    decision_note: 'The concept was delivered in part.',
    ended_contract: false,
    resolved_at: '2026-11-25T08:00:00.000Z',
  },
  progress: { completion_percentage: 50, completed_milestones: 0, split_milestones: 1, refunded_milestones: 0, total_milestones: 2 },
  milestones: [
    milestone('m1', 'Concept drawings', {
      status: 'split',
      held_amount: 0,
      released_amount: 3000,
      refunded_amount: 2000,
      dispute: {
        id: 'd1',
        status: 'resolved',
        opened_by: 'employer',
        reason: 'Late',
        opened_at: '2026-11-20T08:00:00.000Z',
        decision: 'split',
        decision_note: 'The concept was delivered in part.',
        resolved_at: '2026-11-25T08:00:00.000Z',
      },
    }),
    milestone('m2', 'Construction set'),
  ],
};

const renderPayment = () =>
  renderRoutes([{ path: '/projects/:projectId/payment', element: <JobPaymentPage /> }], `/projects/${JOB_ID}/payment`);

async function load(language: 'en' | 'ar') {
  await loadTranslations(language);
  await i18n.loadNamespaces(['payments', 'time', 'receipts', 'validation']);
}

const receipts = answer('GET', '/api/receipts', () => jsonResponse(200, { receipts: [], next_before: null }));

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a dispute about one milestone', () => {
  it('asks which milestone is in dispute, among those escrow holds, and sends it', async () => {
    await load('en');
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, base)),
      answer('POST', `/api/payments/${PAYMENT_ID}/dispute`, () =>
        jsonResponse(201, { message: 'Dispute created successfully. Our team will review it.' }),
      ),
      receipts,
    );
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Dispute' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByRole('combobox', { name: 'Milestone in dispute' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a milestone', '\u2068Concept drawings\u2069 · AED 5,000.00', '\u2068Construction set\u2069 · AED 5,000.00']);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Late' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Not delivered.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Dispute' }));
    expect(await within(dialog).findByText('Please choose the milestone in dispute.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/payments/${PAYMENT_ID}/dispute`)).toHaveLength(0);

    fireEvent.change(select, { target: { value: 'm1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Dispute' }));
    expect(await screen.findByText('Dispute created successfully. Our team will review it.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/payments/${PAYMENT_ID}/dispute`)[0]!.body).toEqual({
      reason: 'Late',
      description: 'Not delivered.',
      milestone_id: 'm1',
    });
  });

  it('hides the dispute button when escrow holds nothing', async () => {
    await load('en');
    const released = milestone('m1', 'Concept drawings', { status: 'approved', held_amount: 0, released_amount: 5000 });
    mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () =>
        jsonResponse(200, { ...base, viewer_role: 'professional', payment_status: 'released', held_amount: 0, milestones: [released] }),
      ),
    );
    renderPayment();
    expect(await screen.findByText('Concept drawings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Dispute' })).not.toBeInTheDocument();
  });

  it('shows the milestone on hold without its automatic approval, while the other can still be approved', async () => {
    await load('en');
    const onHold: PaymentStatusResponse = {
      ...base,
      payment_status: 'disputed',
      dispute: { ...split.dispute!, status: 'open', decision: null, decision_note: null, resolved_at: null },
      milestones: [
        milestone('m1', 'Concept drawings', {
          status: 'submitted',
          dispute: { ...split.milestones[0]!.dispute!, status: 'open', decision: null, decision_note: null, resolved_at: null },
        }),
        milestone('m2', 'Construction set', { status: 'submitted', auto_approve_at: '2026-12-10T08:00:00.000Z' }),
      ],
    };
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, onHold)),
      receipts,
    );
    renderPayment();
    const first = (await screen.findByRole('heading', { name: 'Concept drawings' })).closest('li')!;
    const second = screen.getByRole('heading', { name: 'Construction set' }).closest('li')!;
    expect(within(first).getByText('On hold: in dispute')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Approve & Release' })).not.toBeInTheDocument();
    expect(within(first).queryByText(/Approved automatically/)).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Approve & Release' })).toBeInTheDocument();
    expect(within(second).getByText(/Approved automatically on/)).toBeInTheDocument();
    // The plan already takes the whole accepted price: adding a milestone is not offered.
    expect(screen.queryByRole('button', { name: 'Add Milestone' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A dispute is open about \u2068Concept drawings\u2069');
  });

  it.each([
    {
      language: 'en' as const,
      status: 'Split by Mihna’s decision',
      amounts: 'AED 3,000.00 released to the professional, AED 2,000.00 refunded to the employer',
      decision: 'Mihna’s decision',
      progress: '0 of 2 milestones completed · 1 split by Mihna’s decision',
    },
    {
      language: 'ar' as const,
      status: 'مقسومة بقرار مهنة',
      amounts: 'صُرف 3,000.00 د.إ للمحترف، ورُدّ 2,000.00 د.إ لصاحب العمل',
      decision: 'قرار مهنة',
      progress: 'مرحلة واحدة مقسومة بقرار مهنة',
    },
  ])('shows a split milestone as split, with what was released and refunded and Mihna’s decision, in $language', async (expected) => {
    await load(expected.language);
    mockApi(
      signedInAs({ role: 'professional' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, { ...split, viewer_role: 'professional' })),
    );
    renderPayment();
    const first = (await screen.findByRole('heading', { name: 'Concept drawings' })).closest('li')!;
    expect(within(first).getByText(expected.status)).toBeInTheDocument();
    expect(within(first).getByText(expected.amounts)).toBeInTheDocument();
    expect(within(first).getByText(expected.decision)).toBeInTheDocument();
    expect(within(first).getByText('The concept was delivered in part.')).toBeInTheDocument();
    // Never written as the employer's notes.
    expect(within(first).queryByText(/Employer's notes|ملاحظات صاحب العمل/)).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(expected.progress))).toBeInTheDocument();
  });
});

describe('a dispute from before disputes named their milestone', () => {
  it('is told about the payment as a whole, never as a dispute about nothing', async () => {
    await load('en');
    const legacy: PaymentStatusResponse = {
      ...base,
      payment_status: 'disputed',
      dispute: { ...split.dispute!, status: 'open', milestone_ids: [], decision: null, decision_note: null, resolved_at: null },
    };
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, legacy)),
      receipts,
    );
    renderPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent('A dispute is open: \u2068Late\u2069. Our team is reviewing it.');
  });
});

describe('the milestone plan', () => {
  it('opens the setup on the accepted price and tells the spec’s success message once saved', async () => {
    await load('en');
    const notSetUp: PaymentStatusResponse = {
      ...base,
      payment_status: 'not_setup',
      payment_id: null,
      total_amount: 0,
      held_amount: 0,
      milestones: [],
    };
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, notSetUp)),
      answer('POST', `/api/jobs/${JOB_ID}/setup-payment`, () => jsonResponse(201, { message: 'Payment setup completed successfully!' })),
    );
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Up Payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The total may not exceed the accepted price of AED 10,000.00.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount (AED)' })).toHaveValue('10000');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'All drawings' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Concept and construction set' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Milestones' }));
    expect(await screen.findByText('Payment setup completed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/jobs/${JOB_ID}/setup-payment`)[0]!.body).toEqual({
      milestones: [{ title: 'All drawings', description: 'Concept and construction set', amount: '10000', due_date: null }],
    });
  });

  it('lets the employer edit the plan before it is funded, starting from the plan as it stands', async () => {
    await load('en');
    const pending: PaymentStatusResponse = {
      ...base,
      payment_status: 'pending',
      held_amount: 0,
      unfunded_amount: 10_000,
      milestones: [milestone('m1', 'Concept drawings', { is_funded: false, held_amount: 0 })],
    };
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () => jsonResponse(200, pending)),
    );
    renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Milestones' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Concept drawings');
    expect(within(dialog).getByRole('textbox', { name: 'Amount (AED)' })).toHaveValue('5000');
  });

  it('adds a milestone to the running contract, and funds, edits or removes one not funded yet', async () => {
    await load('en');
    const added = milestone('m3', 'Site visit', { amount: 1500, is_funded: false, held_amount: 0 });
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('GET', `/api/jobs/${JOB_ID}/payment-status`, () =>
        jsonResponse(200, {
          ...base,
          job: { ...base.job, agreed_amount: 12_000, room_amount: 500 },
          unfunded_amount: 1500,
          milestones: [...base.milestones, added],
        }),
      ),
      answer('POST', `/api/payments/${PAYMENT_ID}/milestones`, () => jsonResponse(201, { message: 'Milestone added.' })),
      answer('DELETE', '/api/milestones/m3', () => jsonResponse(200, { message: 'Milestone removed.' })),
      receipts,
    );
    renderPayment();
    const third = (await screen.findByRole('heading', { name: 'Site visit' })).closest('li')!;
    expect(within(third).getByText('Not funded yet')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Fund AED 1,500.00' })).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    // Funded milestones cannot be changed.
    const first = screen.getByRole('heading', { name: 'Concept drawings' }).closest('li')!;
    expect(within(first).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    fireEvent.click(within(third).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Milestone removed.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/milestones/m3')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add Milestone' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'As-built drawings' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'After the works' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount (AED)' }), { target: { value: '٥٠٠' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Milestone' }));
    expect(await screen.findByText('Milestone added.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/payments/${PAYMENT_ID}/milestones`)[0]!.body).toMatchObject({ title: 'As-built drawings' });
  });
});
