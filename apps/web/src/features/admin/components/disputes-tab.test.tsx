import type { AdminDispute, AdminProjectDetail, AdminUserDetails } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { DisputesTab } from './disputes-tab.tsx';
import { ProjectDetailDialog } from './project-detail-dialog.tsx';
import { UserDetailDialog } from './user-detail-dialog.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The console's calls answered from `answers` by path; what was posted is kept. */
function stubConsoleApi(answers: Record<string, unknown>) {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (init?.method === 'POST' && typeof init.body === 'string') posted.push({ path, body: JSON.parse(init.body) });
      return Promise.resolve(json(answers[path] ?? {}));
    }),
  );
  return posted;
}

function renderTab(tab: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{tab}</QueryClientProvider>);
}

const dispute: AdminDispute = {
  id: 'd1',
  payment_id: 'p1',
  project_id: 'j1',
  project_title: 'Villa N16 fit-out drawings',
  job_type: 'fixed',
  employer: { id: 'e1', name: 'Omar Al Mansoori', email: 'omar@example.ae' },
  professional: { id: 'w1', name: 'Hessa Al Falasi', email: 'hessa@example.ae' },
  opened_by: 'employer',
  reason: 'Late',
  description: 'The construction set is missing.',
  opened_at: '2026-11-20T08:00:00.000Z',
  currency: 'AED',
  total: 10_000,
  held: 4000,
  other_held: 6000,
  milestones: [
    {
      id: 'm1',
      title: 'Concept drawings',
      amount: 4000,
      status: 'submitted',
      in_dispute: true,
      held: 4000,
      released: 0,
      refunded: 0,
      submission_notes: 'Drawings attached.',
      deliverable_urls: ['https://drive.example.ae/concept.pdf'],
      reviewer_notes: null,
    },
    {
      id: 'm2',
      title: 'Construction set',
      amount: 6000,
      status: 'pending',
      in_dispute: false,
      held: 6000,
      released: 0,
      refunded: 0,
      submission_notes: null,
      deliverable_urls: [],
      reviewer_notes: null,
    },
  ],
};

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['admin', 'validation']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the disputes tab', () => {
  it('marks the milestone in dispute, links its deliverables, and can also end the contract', async () => {
    const posted = stubConsoleApi({
      '/api/admin/disputes': { disputes: [dispute] },
      '/api/admin/disputes/d1/resolve': { message: 'Dispute resolved.' },
    });
    renderTab(<DisputesTab />);
    const card = await screen.findByRole('article');
    const rows = within(card).getAllByRole('row');
    expect(within(rows[1]!).getByText('In dispute')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('In dispute')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'https://drive.example.ae/concept.pdf' })).toHaveAttribute(
      'href',
      'https://drive.example.ae/concept.pdf',
    );
    expect(within(card).getByText('Also held for the other milestones: AED 6,000.00')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('radio', { name: 'Refund all to Omar Al Mansoori' }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'Mihna’s decision (sent to both parties)' }), {
      target: { value: 'Nothing usable was delivered.' },
    });
    fireEvent.click(within(card).getByRole('checkbox', { name: /Also end the contract/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve dispute' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      'The contract then ends: AED 6,000.00 held for the other milestones is refunded to Omar Al Mansoori.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/admin/disputes/d1/resolve',
      body: { decision: 'refund', note: 'Nothing usable was delivered.', end_contract: true },
    });
  });
});

describe('the user detail dialog', () => {
  it('lists what really moved, by kind, with a payout’s state', async () => {
    const details: AdminUserDetails = {
      user_info: {
        id: 'w1',
        name: 'Hessa Al Falasi',
        email: 'hessa@example.ae',
        role: 'professional',
        account_status: 'active',
        status_reason: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
      financial_summary: { total_earned: 5880, total_spent: 0, currency: 'AED' },
      activity_summary: { projects_posted: 0, projects_worked: 1 },
      transactions: [
        {
          id: 't3',
          type: 'payout',
          project_title: '',
          created_at: '2026-11-27T08:00:00.000Z',
          amount: 1000,
          currency: 'AED',
          status: 'requested',
          professional_id: 'w1',
        },
        {
          id: 't2',
          type: 'released',
          project_title: 'Villa N16 fit-out drawings',
          created_at: '2026-11-25T08:00:00.000Z',
          amount: 5880,
          currency: 'AED',
          status: 'completed',
          professional_id: 'w1',
        },
        {
          id: 't1',
          type: 'service_fee',
          project_title: 'Villa N16 fit-out drawings',
          created_at: '2026-11-25T08:00:00.000Z',
          amount: 120,
          currency: 'AED',
          status: 'completed',
          professional_id: 'w1',
        },
      ],
    };
    stubConsoleApi({ '/api/admin/users/w1/transactions': details, '/api/admin/users/w1/login-history': { login_history: [] } });
    renderTab(<UserDetailDialog id="w1" onClose={() => undefined} />);
    const table = (await screen.findByRole('heading', { name: 'Transactions' })).closest('section')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        )
        .map((cells) => cells.slice(1)),
    ).toEqual([
      ['Payout', 'AED 1,000.00', 'Requested'],
      ['Villa N16 fit-out drawingsReleased', 'AED 5,880.00', 'Completed'],
      ['Villa N16 fit-out drawingsService fee (2%)', 'AED 120.00', 'Completed'],
    ]);
  });
});

describe('the project detail', () => {
  it('shows the project’s payment, a milestone settled by a split saying so with what went each way', async () => {
    const milestone = {
      currency: 'AED',
      due_date: null,
      submission_notes: null,
      deliverable_urls: [],
      reviewer_notes: null,
      submitted_at: null,
      approved_at: null,
      auto_approve_at: null,
      is_funded: true,
      dispute: null,
    };
    const detail: AdminProjectDetail = {
      id: 'j1',
      title: 'Villa N16 fit-out drawings',
      employer_id: 'e1',
      employer_name: 'Omar Al Mansoori',
      employer_account_status: 'active',
      status: 'assigned',
      project_status: 'assigned',
      moderation_status: 'active',
      moderation_reason: null,
      industry_category: null,
      job_type: 'fixed',
      is_featured: false,
      days_posted: 9,
      budget_min: 8000,
      budget_max: 12_000,
      currency: 'AED',
      created_at: '2026-11-20T08:00:00.000Z',
      proposal_count: 1,
      assigned_professional_name: 'Hessa Al Falasi',
      description: 'Drawings for a villa fit-out.',
      proposals_count: 1,
      employer_info: { id: 'e1', name: 'Omar Al Mansoori', email: 'omar@example.ae', company: null, account_status: 'active' },
      public_url: '/projects/j1',
      payment: {
        payment_status: 'escrowed',
        payment_id: 'p1',
        total_amount: 10_000,
        currency: 'AED',
        is_cash: false,
        job: {
          id: 'j1',
          title: 'Villa N16 fit-out drawings',
          status: 'assigned',
          job_type: 'fixed',
          budget_max: 12_000,
          agreed_amount: 10_000,
          is_running: true,
          room_amount: 2500,
        },
        held_amount: 4000,
        released_amount: 3500,
        refunded_amount: 2500,
        unfunded_amount: 0,
        dispute: null,
        progress: { completion_percentage: 50, completed_milestones: 0, split_milestones: 1, refunded_milestones: 0, total_milestones: 2 },
        milestones: [
          {
            ...milestone,
            id: 'm1',
            title: 'Concept drawings',
            description: 'Layouts',
            amount: 6000,
            status: 'split',
            held_amount: 0,
            released_amount: 3500,
            refunded_amount: 2500,
          },
          {
            ...milestone,
            id: 'm2',
            title: 'Construction set',
            description: 'Drawings',
            amount: 4000,
            status: 'pending',
            held_amount: 4000,
            released_amount: 0,
            refunded_amount: 0,
          },
        ],
      },
    };
    stubConsoleApi({ '/api/admin/projects/j1': detail });
    renderTab(<ProjectDetailDialog id="j1" canModerate={false} onClose={() => undefined} />);
    const section = (await screen.findByRole('heading', { name: 'Payment' })).closest('section')!;
    expect(within(section).getByText('In escrow')).toBeInTheDocument();
    const split = within(section).getByText('Concept drawings').closest('li')!;
    expect(within(split).getByText('Split')).toBeInTheDocument();
    expect(within(split).getByText('AED 3,500.00 released, AED 2,500.00 refunded')).toBeInTheDocument();
    expect(within(section).getByText('Refunded').closest('div')).toHaveTextContent('AED 2,500.00');
  });
});
