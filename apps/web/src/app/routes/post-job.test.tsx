import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, JOB_ID, jobDetail, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import PostJobPage from './post-job.tsx';

const renderPostJob = () =>
  renderRoutes(
    [
      { path: '/post-job', element: <PostJobPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/projects/:projectId', element: <p>project page</p> },
    ],
    '/post-job',
  );

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionValues = (element: HTMLSelectElement) => Array.from(element.options).map((option) => option.value);
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

async function fillRequired() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Project Title' }), { target: { value: 'Office fit-out' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Project Description' }), { target: { value: 'Partitions and lighting.' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Skills Required' }), { target: { value: 'carpentry, electrical' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Minimum Budget (AED/hr)' }), { target: { value: '10000' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Maximum Budget (AED/hr)' }), { target: { value: '20000' } });
}

const created = (changes: Record<string, unknown> = {}) => ({
  id: JOB_ID,
  message: 'Project posted successfully!',
  moderation_message: null,
  featured_payment_required: false,
  featured_payment_message: null,
  featured_fee: null,
  currency: 'AED',
  job: jobDetail(),
  ...changes,
});

describe('/post-job', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("tells a professional 'Only employers can post projects'", async () => {
    mockApi(signedInAs({ role: 'professional' }));
    renderPostJob();
    expect(await screen.findByRole('heading', { name: 'Only employers can post projects' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Project Title' })).toBeNull();
  });

  it('cascades the location choices and allows cash only with an emirate', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderPostJob();
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Country' })).value).toBe('AE');
    expect(radio('Cash (same emirate only)').disabled).toBe(true);
    expect(radio('Escrow (recommended)').checked).toBe(true);

    fireEvent.change(select('Emirate'), { target: { value: 'dubai' } });
    expect(optionValues(select('City'))).toContain('jebel_ali');
    fireEvent.change(select('City'), { target: { value: 'jebel_ali' } });
    expect(radio('Cash (same emirate only)').disabled).toBe(false);
    fireEvent.click(radio('Cash (same emirate only)'));
    expect(radio('Cash (same emirate only)').checked).toBe(true);

    fireEvent.change(select('Emirate'), { target: { value: 'sharjah' } });
    await waitFor(() => expect(select('City').value).toBe(''));
    expect(radio('Cash (same emirate only)').checked).toBe(true);

    fireEvent.change(select('Emirate'), { target: { value: '' } });
    await waitFor(() => expect(radio('Escrow (recommended)').checked).toBe(true));
    expect(radio('Cash (same emirate only)').disabled).toBe(true);

    fireEvent.change(select('Emirate'), { target: { value: 'ajman' } });
    fireEvent.change(select('Country'), { target: { value: 'OM' } });
    await waitFor(() => expect(select('Governorate').value).toBe(''));
    expect(optionValues(select('Governorate'))).toContain('muscat');
    expect(screen.getByRole('textbox', { name: 'Minimum Budget (OMR/hr)' }).getAttribute('inputmode')).toBe('decimal');
    // Outside the UAE nothing says emirate: cash is for the same region, and the minimum fee is a round local amount.
    expect(radio('Cash (same region only)').disabled).toBe(true);
    expect(screen.getByText(/Choose a region to allow cash payment/)).toBeTruthy();
    expect(screen.getByText(/at least OMR 0\.500/)).toBeTruthy();
  });

  it('says an hourly budget is a rate per hour, and a fixed-price one is not, in English and Arabic', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderPostJob();
    // Hourly is the default.
    expect(await screen.findByRole('textbox', { name: 'Minimum Budget (AED/hr)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Maximum Budget (AED/hr)' })).toBeInTheDocument();
    expect(screen.getByText('For an hourly project, the budget is the rate you will pay per hour worked.')).toBeInTheDocument();
    fireEvent.click(radio('Fixed Price'));
    expect(await screen.findByRole('textbox', { name: 'Minimum Budget (AED)' })).toBeInTheDocument();
    expect(screen.queryByText('For an hourly project, the budget is the rate you will pay per hour worked.')).not.toBeInTheDocument();
    cleanup();

    await loadTranslations('ar');
    try {
      mockApi(signedInAs({ role: 'employer' }));
      renderPostJob();
      expect(await screen.findByRole('textbox', { name: 'الحد الأدنى للميزانية (AED/ساعة)' })).toBeInTheDocument();
      expect(screen.getByText('في المشروع بالساعة، الميزانية هي السعر الذي تدفعه عن كل ساعة عمل.')).toBeInTheDocument();
      fireEvent.click(radio('بسعر ثابت'));
      expect(await screen.findByRole('textbox', { name: 'الحد الأدنى للميزانية (AED)' })).toBeInTheDocument();
    } finally {
      await loadTranslations('en');
    }
  });

  it('shows the local service fields only for Local Services and clears them when the industry or category changes', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderPostJob();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Industry' }), { target: { value: 'local_services' } });
    fireEvent.change(select('Service Category'), { target: { value: 'cleaning_services' } });
    fireEvent.change(select('Service'), { target: { value: 'maid_service' } });
    fireEvent.change(select('Service Category'), { target: { value: 'personal_services' } });
    await waitFor(() => expect(select('Service').value).toBe(''));
    fireEvent.change(select('Service'), { target: { value: 'personal_trainer' } });
    fireEvent.change(select('Industry'), { target: { value: 'technology_it' } });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Service Category' })).toBeNull());
    fireEvent.change(select('Industry'), { target: { value: 'local_services' } });
    expect(select('Service Category').value).toBe('');
    expect(select('Service').value).toBe('');
  });

  it('shows the featuring fee for the typed budget', async () => {
    mockApi(signedInAs({ role: 'employer' }));
    renderPostJob();
    expect(await screen.findByText('Enter both budgets to see the fee.')).toBeInTheDocument();
    expect(screen.getByText(/at least AED 5.00/)).toBeInTheDocument();
    await fillRequired();
    expect(screen.getByText('Fee for this budget: AED 150.00')).toBeInTheDocument();
  });

  it('checks the text, posts every field, then goes to the dashboard after 2 seconds', async () => {
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('POST', '/api/content/validate', () => jsonResponse(503, { detail: 'Service Unavailable', code: 'unavailable' })),
      answer('POST', '/api/jobs', () =>
        jsonResponse(201, created({ moderation_message: 'Content Cleaned: inappropriate words in your description were replaced.' })),
      ),
    );
    const router = renderPostJob();
    await fillRequired();
    fireEvent.change(select('Emirate'), { target: { value: 'dubai' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Allow remote work/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));

    expect(await screen.findByText('Project posted successfully!')).toBeInTheDocument();
    expect(screen.getByText('Content Cleaned: inappropriate words in your description were replaced.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/validate')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/jobs')[0]?.body).toEqual({
      title: 'Office fit-out',
      description: 'Partitions and lighting.',
      skills_required: ['carpentry', 'electrical'],
      project_type: 'hourly',
      budget_min: 10000,
      budget_max: 20000,
      start_date: null,
      deadline: null,
      country: 'AE',
      emirate: 'dubai',
      payment_method: 'escrow',
      is_featured: false,
      is_urgent: false,
      location_required: false,
      allow_remote: true,
    });
    expect(router.state.location.pathname).toBe('/post-job');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 3000 });
  });

  it('shows the field errors of the form and of the server', async () => {
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('POST', '/api/content/validate', () =>
        jsonResponse(200, { is_valid: true, severity: 'none', message: '', cleaned_content: '' }),
      ),
      answer('POST', '/api/jobs', () =>
        jsonResponse(422, {
          detail: [{ loc: ['body', 'title'], msg: 'Must be no more than 150 characters', type: 'value_error' }],
          code: 'validation_failed',
        }),
      ),
    );
    renderPostJob();
    fireEvent.click(await screen.findByRole('button', { name: 'Post Project' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(3);
    await fillRequired();
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum Budget (AED/hr)' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    expect(await screen.findByText('Maximum budget must be at least the minimum budget')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum Budget (AED/hr)' }), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    expect(await screen.findByText('Must be no more than 150 characters')).toBeInTheDocument();
  });

  it('refuses a serious violation before posting', async () => {
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('POST', '/api/content/validate', () =>
        jsonResponse(200, { is_valid: false, severity: 'severe', message: 'Serious Violation', cleaned_content: '***' }),
      ),
    );
    renderPostJob();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    expect(await screen.findByRole('dialog', { name: 'Serious Violation' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
  });

  it('opens the same dialog when the server refuses the text, by its code', async () => {
    mockApi(
      signedInAs({ role: 'employer' }),
      answer('POST', '/api/content/validate', () =>
        jsonResponse(200, { is_valid: true, severity: 'none', message: '', cleaned_content: '' }),
      ),
      answer('POST', '/api/jobs', () =>
        jsonResponse(422, {
          detail: [{ loc: ['body', 'description'], msg: 'Refused by moderation', type: 'moderation' }],
          code: 'content_refused',
        }),
      ),
    );
    renderPostJob();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));
    expect(await screen.findByRole('dialog', { name: 'Serious Violation' })).toBeInTheDocument();
  });

  it('opens the featured-payment dialog: Pay Now opens the featured checkout and Skip opens the project', async () => {
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      answer('POST', `/api/jobs/${JOB_ID}/featured-payment/create`, () =>
        jsonResponse(200, { checkout_url: '/checkout/abc', checkout_id: 'abc' }),
      ),
      answer('POST', '/api/jobs', () =>
        jsonResponse(
          201,
          created({
            featured_payment_required: true,
            featured_fee: 150,
            featured_payment_message:
              'Your project is posted. To feature it at the top of search results for 7 days, pay the featured fee of 150.00 AED.',
          }),
        ),
      ),
    );
    const router = renderPostJob();
    await fillRequired();
    fireEvent.click(screen.getByRole('checkbox', { name: /Feature this project/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Post Project' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Feature your project' }));
    expect(dialog.getByText(/pay the featured fee of 150.00 AED/)).toBeInTheDocument();
    expect(dialog.getByText('AED 150.00')).toBeInTheDocument();
    const payNow = dialog.getByRole<HTMLButtonElement>('button', { name: 'Pay Now' });
    expect(payNow.disabled).toBe(false);
    fireEvent.click(payNow);
    await waitFor(() => expect(api.callsTo('POST', `/api/jobs/${JOB_ID}/featured-payment/create`)).toHaveLength(1));
    fireEvent.click(dialog.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${JOB_ID}`));
  });
});
