import type { JobDetail, OwnProposal, Proposal } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answer,
  baseUser,
  JOB_ID,
  jobDetail,
  jsonResponse,
  loadTranslations,
  mockApi,
  renderRoutes,
  signedInAs,
  viewerOf,
} from '../../test/testing.tsx';
import ProjectDetailPage from './project-detail.tsx';

const renderDetail = () => renderRoutes([{ path: '/projects/:projectId', element: <ProjectDetailPage /> }], `/projects/${JOB_ID}`);

/** A job whose answer changes as the test goes on. */
function jobAnswer(initial: JobDetail) {
  let current = initial;
  return {
    handler: answer('GET', `/api/jobs/${JOB_ID}`, () => jsonResponse(200, current)),
    update: (changes: Partial<JobDetail>) => (current = { ...current, ...changes }),
  };
}

const proposal = (changes: Partial<Proposal> = {}): Proposal => ({
  id: '44444444-4444-4444-8444-444444444444',
  job_id: JOB_ID,
  proposal_text: 'I have cleaned forty villas in Dubai this year.',
  proposed_rate: 45,
  currency: 'AED',
  job_type: 'fixed',
  estimated_hours: 12,
  status: 'pending',
  is_masked: false,
  stage: 'pending',
  created_at: '2025-03-02T09:00:00.000Z',
  worker: {
    id: '55555555-5555-4555-8555-555555555555',
    first_name: 'Omar',
    last_name: 'Haddad',
    total_rating: 4.75,
    total_reviews: 8,
    bio: 'Professional cleaner with my own equipment.',
    skills: ['cleaning', 'sanitising', 'carpets', 'windows', 'ovens', 'marble'],
    profile_picture: null,
    identity_verified: null,
  },
  ...changes,
});

const ownProposal = (changes: Partial<OwnProposal> = {}): OwnProposal => {
  const { worker: _worker, ...own } = proposal();
  return { ...own, ...changes };
};

describe('/projects/:projectId', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Job not found' when the job cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi(
      signedInAs({}),
      answer('GET', `/api/jobs/${JOB_ID}`, () => jsonResponse(404, { detail: 'Job not found', code: 'not_found' })),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('leads with the budget in the project’s currency, dollars only as a hint, with the status, counts and the employer link', async () => {
    mockApi(signedInAs({ role: 'employer' }), jobAnswer(jobDetail({ status: 'in_progress', description: '  ' })).handler);
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Villa deep cleaning' })).toBeInTheDocument();
    const budget = screen.getByText('Budget').parentElement!;
    expect(within(budget).getByText('AED 5,000 - 10,000')).toBeInTheDocument();
    expect(within(budget).getByText('≈ $1,361 - 2,723 at the reference rate')).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('Fixed Price')).toBeInTheDocument();
    expect(screen.getByText('No description provided')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Gulf Homes LLC' })) {
      expect(link.getAttribute('href')).toBe('/employers/33333333-3333-4333-8333-333333333333');
    }
    expect(screen.queryByRole('button', { name: 'Submit Proposal' })).toBeNull();
  });

  it('says an hourly budget is per hour, in English and Arabic, the dollar hint too', async () => {
    const hourly = jobDetail({
      job_type: 'hourly',
      project_type: 'hourly',
      budget_min: 50,
      budget_max: 80,
      budget_min_usd: 13.61,
      budget_max_usd: 21.78,
    });
    mockApi(signedInAs({ role: 'employer' }), jobAnswer(hourly).handler);
    renderDetail();
    const budget = (await screen.findByText('Budget')).parentElement!;
    expect(within(budget).getByText('AED 50 - 80/hr')).toBeInTheDocument();
    expect(within(budget).getByText('≈ $14 - 22/hr at the reference rate')).toBeInTheDocument();
    cleanup();

    await loadTranslations('ar');
    try {
      mockApi(signedInAs({ role: 'employer' }), jobAnswer(hourly).handler);
      renderDetail();
      const arabic = (await screen.findByText('الميزانية')).parentElement!;
      expect(within(arabic).getByText('50 - 80 د.إ/ساعة')).toBeInTheDocument();
      expect(within(arabic).getByText('≈ 14 - 22 $/ساعة بسعر الصرف المرجعي')).toBeInTheDocument();
    } finally {
      await loadTranslations('en');
    }
  });

  it('tells a professional about the client: member since, projects posted, hires made and rating', async () => {
    mockApi(signedInAs({ role: 'professional' }), jobAnswer(jobDetail()).handler);
    renderDetail();
    const client = within(await screen.findByTestId('client-record'));
    expect(client.getByRole('heading', { name: 'About the client' })).toBeInTheDocument();
    expect(client.getByText('June 2024')).toBeInTheDocument();
    expect(client.getByText('Projects posted').nextElementSibling?.textContent).toBe('12');
    expect(client.getByText('Hires made').nextElementSibling?.textContent).toBe('7');
    expect(client.getByText('4.6 (5 reviews)')).toBeInTheDocument();
  });

  it('lets a professional submit a proposal, then shows success and that it was sent', async () => {
    const job = jobAnswer(jobDetail());
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      job.handler,
      answer('POST', '/api/proposals', () => {
        job.update({ viewer: viewerOf({ has_proposal: true, proposal: ownProposal() }), proposal_count: 4 });
        return jsonResponse(201, { proposal: proposal(), message: 'Proposal submitted successfully!' });
      }),
    );
    renderDetail();
    const text = await screen.findByRole('textbox', { name: 'Proposal' });
    expect(text.getAttribute('rows')).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    fireEvent.change(text, { target: { value: 'I can start on Sunday.' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Proposed Price (AED)' }), { target: { value: '45.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));

    expect(await screen.findByText('Proposal submitted successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/proposals')[0]?.body).toEqual({
      job_id: JOB_ID,
      proposal_text: 'I can start on Sunday.',
      proposed_rate: 45.5,
      estimated_hours: null,
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Proposal' })).toBeNull());
    expect(api.callsTo('GET', `/api/jobs/${JOB_ID}`).length).toBeGreaterThan(1);
  });

  it("shows the server's reason when a proposal is refused, translated", async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(jobDetail()).handler,
      answer('POST', '/api/proposals', () =>
        jsonResponse(409, { detail: 'You have already submitted a proposal for this project', code: 'conflict' }),
      ),
    );
    renderDetail();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Proposal' }), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Proposed Price (AED)' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already submitted a proposal for this project');
  });

  it('shows the professional what they proposed and sent with their interest, and withdraws a pending proposal', async () => {
    const job = jobAnswer(
      jobDetail({
        viewer: viewerOf({
          has_proposal: true,
          has_expressed_interest: true,
          proposal: ownProposal(),
          interest: {
            message: 'Free from next week',
            proposed_rate: 50,
            currency: 'AED',
            job_type: 'fixed',
            availability_start: '2025-04-01',
            estimated_duration: '1-3 months',
            is_masked: false,
            created_at: '2025-03-02T10:00:00.000Z',
          },
        }),
      }),
    );
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      job.handler,
      answer('PUT', `/api/proposals/${ownProposal().id}/withdraw`, () => {
        job.update({ viewer: viewerOf({ has_expressed_interest: true, proposal: ownProposal({ status: 'withdrawn' }) }) });
        return jsonResponse(200, { proposal: ownProposal({ status: 'withdrawn' }), message: 'Proposal withdrawn.' });
      }),
    );
    renderDetail();
    const own = within(await screen.findByTestId('own-proposal'));
    expect(own.getByText('Pending')).toBeInTheDocument();
    expect(own.getByText('AED 45 fixed price')).toBeInTheDocument();
    expect(own.getByText('I have cleaned forty villas in Dubai this year.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Proposal' })).toBeNull();
    const interest = within(screen.getByTestId('own-interest'));
    expect(interest.getByText('Free from next week')).toBeInTheDocument();
    expect(interest.getByText('1-3 months')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Interest Expressed' }).disabled).toBe(true);

    fireEvent.click(own.getByRole('button', { name: 'Withdraw proposal' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw proposal' }));
    expect(await screen.findByRole('textbox', { name: 'Proposal' })).toBeInTheDocument();
    expect(screen.getByText('You withdrew your earlier proposal. You can send a new one.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/proposals/${ownProposal().id}/withdraw`)).toHaveLength(1);
  });

  it('tells a hired professional they were hired, and one not selected that someone else was', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(jobDetail({ status: 'assigned', viewer: viewerOf({ has_proposal: true, proposal: ownProposal({ status: 'accepted' }) }) }))
        .handler,
    );
    renderDetail();
    expect(await screen.findByText('You were hired for this project: the client accepted your proposal.')).toBeInTheDocument();
    cleanup();
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(
        jobDetail({ status: 'assigned', viewer: viewerOf({ has_proposal: true, proposal: ownProposal({ status: 'not_selected' }) }) }),
      ).handler,
    );
    renderDetail();
    expect(await screen.findByText(/hired another professional/)).toBeInTheDocument();
    expect(screen.getByText('Not selected')).toBeInTheDocument();
  });

  it('shows an invited professional the invitation and its message', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(
        jobDetail({
          viewer: viewerOf({
            invitation: { message: 'Your reviews are excellent.', is_masked: false, created_at: '2025-03-02T09:00:00.000Z' },
          }),
        }),
      ).handler,
    );
    renderDetail();
    const invitation = within(await screen.findByTestId('invitation'));
    expect(invitation.getByText('Gulf Homes LLC invited you to this project.')).toBeInTheDocument();
    expect(invitation.getByText('Your reviews are excellent.')).toBeInTheDocument();
  });

  it('expresses interest with the fixed duration, then disables the button', async () => {
    const job = jobAnswer(jobDetail());
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      job.handler,
      answer('POST', `/api/jobs/${JOB_ID}/express-interest`, () => {
        job.update({ viewer: viewerOf({ is_owner: false, has_proposal: false, has_expressed_interest: true }) });
        return jsonResponse(201, { success: true, message: 'Interest expressed successfully! The employer will be notified.' });
      }),
    );
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Express Interest' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Short message' }), { target: { value: 'Available next week' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Interest expressed successfully! The employer will be notified.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/jobs/${JOB_ID}/express-interest`)[0]?.body).toEqual({
      message: 'Available next week',
      availability_start: null,
      estimated_duration: '4-6 weeks',
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Interest Expressed' }).disabled).toBe(true);
  });

  it('shows the generic message when expressing interest fails for another reason', async () => {
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(jobDetail()).handler,
      answer('POST', `/api/jobs/${JOB_ID}/express-interest`, () =>
        jsonResponse(500, { detail: 'Internal Server Error', code: 'internal' }),
      ),
    );
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Express Interest' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to express interest. Please try again.');
  });

  it('shows the owner the proposals and accepts a pending one', async () => {
    const job = jobAnswer(jobDetail({ viewer: viewerOf({ is_owner: true, has_proposal: false, has_expressed_interest: false }) }));
    let proposals = [
      proposal(),
      proposal({ id: 'other', stage: 'shortlisted', worker: { ...proposal().worker, id: 'w2', first_name: 'Sara', total_reviews: 0 } }),
    ];
    const api = mockApi(
      signedInAs({ ...baseUser, id: '33333333-3333-4333-8333-333333333333', role: 'employer' }),
      job.handler,
      answer('GET', `/api/proposals/job/${JOB_ID}`, () => jsonResponse(200, { proposals, interests: [] })),
      answer('PUT', `/api/proposals/${proposal().id}/accept`, () => {
        proposals = [proposal({ status: 'accepted' }), { ...proposals[1]!, status: 'not_selected' }];
        job.update({ status: 'assigned' });
        return jsonResponse(200, { proposal: proposals[0], job_status: 'assigned', message: 'Proposal accepted successfully!' });
      }),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Proposals (2)' })).toBeInTheDocument();
    const omar = within(screen.getByText('Omar Haddad').closest('li')!);
    expect(omar.getByRole('link', { name: 'Omar Haddad' }).getAttribute('href')).toBe(
      '/professionals/55555555-5555-4555-8555-555555555555',
    );
    expect(omar.getByText('4.8 (8 reviews)')).toBeInTheDocument();
    expect(omar.getByText('AED 45 fixed price')).toBeInTheDocument();
    expect(omar.getByText('+1 more')).toBeInTheDocument();
    expect(within(screen.getByText('Sara Haddad').closest('li')!).queryByText(/reviews/)).toBeNull();
    // The owner's own mark stands beside a pending proposal.
    expect(within(screen.getByText('Sara Haddad').closest('li')!).getByText('Shortlisted')).toBeInTheDocument();
    expect(omar.queryByText('Shortlisted')).toBeNull();

    fireEvent.click(omar.getByRole('button', { name: 'Accept Proposal' }));
    const confirmation = within(await screen.findByRole('dialog'));
    expect(
      confirmation.getByText(
        /You are hiring Omar Haddad at AED 45 fixed price\..*The other applicant will be told they were not selected\./,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/proposals/${proposal().id}/accept`)).toHaveLength(0);
    fireEvent.click(confirmation.getByRole('button', { name: 'Accept Proposal' }));
    expect(await screen.findByText('Proposal accepted successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(within(screen.getByText('Sara Haddad').closest('li')!).getByText('Not selected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept Proposal' })).toBeNull());
    expect(api.callsTo('GET', `/api/proposals/job/${JOB_ID}`).length).toBe(2);
  });

  it('lets the owner close the project after a confirmation, then reopen it, each time saying what happened', async () => {
    const job = jobAnswer(jobDetail({ viewer: viewerOf({ is_owner: true }) }));
    const changed = (status: 'open' | 'closed', message: string) => {
      job.update({ status });
      return jsonResponse(200, { job: jobDetail({ status, viewer: viewerOf({ is_owner: true }) }), message, moderation_message: null });
    };
    const api = mockApi(
      signedInAs({ ...baseUser, id: '33333333-3333-4333-8333-333333333333', role: 'employer' }),
      job.handler,
      answer('GET', `/api/proposals/job/${JOB_ID}`, () => jsonResponse(200, { proposals: [], interests: [] })),
      answer('PUT', `/api/jobs/${JOB_ID}/close`, () =>
        changed('closed', 'Project closed. It no longer appears in search, and the professionals who sent proposals have been told.'),
      ),
      answer('PUT', `/api/jobs/${JOB_ID}/reopen`, () => changed('open', 'Project reopened. It appears in search again.')),
    );
    renderDetail();
    expect((await screen.findByRole('link', { name: 'Edit project' })).getAttribute('href')).toBe(`/projects/${JOB_ID}/edit`);
    fireEvent.click(screen.getByRole('button', { name: 'Close project' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close this project?' }));
    expect(api.callsTo('PUT', `/api/jobs/${JOB_ID}/close`)).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Close project' }));
    expect(await screen.findByText(/Project closed\. It no longer appears in search/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit project' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Reopen project' }));
    expect(await screen.findByText('Project reopened. It appears in search again.')).toBeInTheDocument();
    expect(screen.queryByText(/Project closed\./)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Edit project' })).toBeInTheDocument();
  });

  it("says 'No proposals yet.' to the owner of a job without proposals", async () => {
    mockApi(
      signedInAs({ role: 'employer' }),
      jobAnswer(jobDetail({ viewer: viewerOf({ is_owner: true, has_proposal: false, has_expressed_interest: false }) })).handler,
      answer('GET', `/api/proposals/job/${JOB_ID}`, () => jsonResponse(200, { proposals: [], interests: [] })),
    );
    renderDetail();
    expect(await screen.findByText('No proposals yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Proposals (0)' })).toBeInTheDocument();
  });
});

describe('/projects/:projectId with contact details hidden', () => {
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await loadTranslations('en');
  });

  const notes = [
    {
      language: 'en' as const,
      note: 'Contact details were hidden: they are shared once a contract between you is funded, so your work and payment stay protected on Mihna.',
    },
    { language: 'ar' as const, note: 'أُخفيت بيانات التواصل: تظهر بعد تمويل عقد بينكما، لتبقى أعمالك ومدفوعاتك محمية على مهنة.' },
  ];

  it.each(notes)('tells the owner why a proposal shows ••• where contact details were, in $language', async ({ language, note }) => {
    await loadTranslations(language);
    const masked = proposal({ proposal_text: 'Call me on ••• to talk.', is_masked: true });
    const plain = proposal({ id: 'other', worker: { ...proposal().worker, id: 'w2', first_name: 'Sara' } });
    mockApi(
      signedInAs({ ...baseUser, id: '33333333-3333-4333-8333-333333333333', role: 'employer' }),
      jobAnswer(jobDetail({ viewer: viewerOf({ is_owner: true, has_proposal: false, has_expressed_interest: false }) })).handler,
      answer('GET', `/api/proposals/job/${JOB_ID}`, () => jsonResponse(200, { proposals: [masked, plain], interests: [] })),
    );
    renderDetail();
    const omar = within((await screen.findByText('Call me on ••• to talk.')).closest('li')!);
    expect(omar.getByText(note)).toBeInTheDocument();
    expect(within(screen.getByText('Sara Haddad').closest('li')!).queryByText(note)).not.toBeInTheDocument();
  });

  it.each(notes)('tells an invited professional why the invitation shows •••, in $language', async ({ language, note }) => {
    await loadTranslations(language);
    mockApi(
      signedInAs({ role: 'professional' }),
      jobAnswer(
        jobDetail({
          viewer: viewerOf({ invitation: { message: 'WhatsApp me on •••', is_masked: true, created_at: '2025-03-02T09:00:00.000Z' } }),
        }),
      ).handler,
    );
    renderDetail();
    const invitation = within(await screen.findByTestId('invitation'));
    expect(invitation.getByText('WhatsApp me on •••')).toBeInTheDocument();
    expect(invitation.getByText(note)).toBeInTheDocument();
  });
});
