import { moderationMessages, type CurrentUser } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { ProfileForm } from './profile-form.tsx';

const user: CurrentUser = {
  id: '8c0a4a4e-0000-4000-8000-000000000001',
  first_name: 'Layla',
  last_name: 'Haddad',
  email: 'layla@example.ae',
  phone_number: '501234567',
  country_code: '+971',
  role: 'professional',
  gender: null,
  skills: ['React'],
  languages: ['Arabic'],
  career_highlights: [],
  hourly_rate: 150,
  years_of_experience: 6,
  bio: null,
  company_name: null,
  company_description: null,
  website_url: null,
  company_size: null,
  vat_number: null,
  country: 'AE',
  emirate: 'dubai',
  city: 'jebel_ali',
  industry_category: 'local_services',
  local_service_category: 'cleaning_services',
  local_service_subcategory: 'maid_service',
  show_location: true,
  show_exact_location: false,
  verification_method: 'email',
  profile_picture: null,
  total_rating: 0,
  total_reviews: 0,
  account_status: 'active',
  linkedin_url: null,
  github_url: null,
  behance_url: null,
  availability_status: null,
  preferred_project_size: null,
  created_at: '2025-01-04T10:00:00.000Z',
};

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label, { selector: 'select' });

function renderForm() {
  const fetchMock = vi.fn((_input: string, init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ ...user, ...(JSON.parse(init?.body as string) as object), moderation_messages: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Suspense fallback={<p>loading</p>}>
        <ProfileForm user={user} onUserChanged={() => undefined} onSaved={onSaved} onRefused={() => undefined} onClose={() => undefined} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { fetchMock, onSaved };
}

describe('ProfileForm location and local services', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('profile');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the chosen country's regions and cities, and clears both when the country changes", async () => {
    const { fetchMock, onSaved } = renderForm();
    await screen.findByLabelText('Country');
    expect(select('Country').value).toBe('AE');
    expect(select('Emirate').value).toBe('dubai');
    expect(select('City').value).toBe('jebel_ali');

    fireEvent.change(select('Country'), { target: { value: 'SA' } });
    expect(screen.queryByLabelText('Emirate')).toBeNull();
    expect(select('Region').value).toBe('');
    expect(select('City').value).toBe('');
    expect(select('City').disabled).toBe(true);
    expect(Array.from(select('Region').options, (option) => option.value)).toContain('riyadh');

    fireEvent.change(select('Region'), { target: { value: 'riyadh' } });
    expect(Array.from(select('City').options, (option) => option.value)).toContain('riyadh');
    fireEvent.change(select('City'), { target: { value: 'riyadh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/users/${user.id}`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toMatchObject({ country: 'SA', emirate: 'riyadh', city: 'riyadh' });
  });

  it('shows the local service choices only for Local Services and clears them when the industry or category changes', async () => {
    renderForm();
    await screen.findByLabelText('Service category');
    expect(select('Service category').value).toBe('cleaning_services');
    expect(select('Service').value).toBe('maid_service');

    fireEvent.change(select('Service category'), { target: { value: 'personal_services' } });
    expect(select('Service').value).toBe('');
    fireEvent.change(select('Service'), { target: { value: 'personal_trainer' } });

    fireEvent.change(select('Industry'), { target: { value: 'technology_it' } });
    expect(screen.queryByLabelText('Service category')).toBeNull();
    fireEvent.change(select('Industry'), { target: { value: 'local_services' } });
    expect(select('Service category').value).toBe('');
    expect(select('Service').value).toBe('');
  });
});

describe('ProfileForm refused contact details', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('profile');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  /** The server refuses the bio as it refuses public text with a phone number in it. */
  function renderRefusal() {
    const refusal = {
      detail: [{ loc: ['body', 'bio'], msg: moderationMessages.contactDetails, type: 'contact_details' }],
      code: 'validation_failed',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 422, headers: { 'content-type': 'application/json' } }))),
    );
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={<p>loading</p>}>
          <ProfileForm
            user={user}
            onUserChanged={() => undefined}
            onSaved={onSaved}
            onRefused={() => undefined}
            onClose={() => undefined}
          />
        </Suspense>
      </QueryClientProvider>,
    );
    return { onSaved };
  }

  it.each([
    {
      language: 'en' as const,
      bio: 'Bio',
      save: 'Save changes',
      message:
        'Please remove contact details (phone numbers, e-mail addresses, messenger handles, bank accounts). They can be shared in messages once a contract is funded.',
    },
    {
      language: 'ar' as const,
      bio: 'نبذة عنك',
      save: 'حفظ التغييرات',
      message:
        'يُرجى حذف بيانات التواصل (أرقام الهواتف أو عناوين البريد الإلكتروني أو حسابات تطبيقات المراسلة أو الحسابات البنكية)، فيمكن تبادلها في الرسائل بعد تمويل العقد.',
    },
  ])('shows the refusal on the bio field in $language', async ({ language, bio, save, message }) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['profile', 'validation']);
    const { onSaved } = renderRefusal();
    const field = await screen.findByRole('textbox', { name: bio });
    fireEvent.change(field, { target: { value: 'Call me on 050 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: save }));

    const error = await screen.findByText(message);
    expect(error).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', error.id);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ProfileForm VAT number', () => {
  const employer: CurrentUser = { ...user, role: 'employer', company_name: 'Falcon Tech', vat_number: null };

  function renderEmployerForm() {
    const fetchMock = vi.fn((_input: string, init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ ...employer, ...(JSON.parse(init?.body as string) as object), moderation_messages: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={<p>loading</p>}>
          <ProfileForm
            user={employer}
            onUserChanged={() => undefined}
            onSaved={onSaved}
            onRefused={() => undefined}
            onClose={() => undefined}
          />
        </Suspense>
      </QueryClientProvider>,
    );
    return { fetchMock, onSaved };
  }

  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    { language: 'en' as const, label: 'VAT number (TRN)', save: 'Save changes', message: 'Please enter a valid VAT number (15 digits)' },
    { language: 'ar' as const, label: 'الرقم الضريبي (TRN)', save: 'حفظ التغييرات', message: 'يُرجى إدخال رقم ضريبي صحيح (15 خانة)' },
  ])('refuses a VAT number that is not 15 digits and saves one that is, in $language', async ({ language, label, save, message }) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['profile', 'validation']);
    const { fetchMock, onSaved } = renderEmployerForm();
    const field = await screen.findByRole('textbox', { name: label });
    fireEvent.change(field, { target: { value: '100 1234' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    const error = await screen.findByText(message);
    expect(error).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '١٠٠ 1234-5670 0003' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toMatchObject({ vat_number: '100123456700003' });
  });

  it('is not asked of a professional', async () => {
    await i18n.loadNamespaces(['profile', 'validation']);
    renderForm();
    await screen.findByLabelText('Country');
    expect(screen.queryByRole('textbox', { name: 'VAT number (TRN)' })).not.toBeInTheDocument();
  });
});
