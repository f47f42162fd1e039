import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { sessionToken } from '../../lib/api-client.ts';
import { expertProfile, jsonResponse, renderScreen, sessionUser, stubApi } from '../../features/professionals/test-support.tsx';
import ProfessionalProfilePage from './professional-profile.tsx';

const expertId = '8c0a4a4e-0000-4000-8000-000000000001';
const at = `/professionals/${expertId}`;
const path = '/professionals/:professionalId';

const accomplishment = {
  job_id: 'job-1',
  job_title: 'Bilingual booking site',
  project_description: 'A booking site in Arabic and English.',
  completion_date: '2025-03-15',
  duration_days: 21,
  project_category: 'technology_it',
  show_project_value: false,
  project_value: 12000,
  currency: 'AED',
  skills_used: ['React'],
  employer_testimonial: 'Delivered early and well.',
  show_employer_name: false,
  employer_name: 'Al Noor Trading',
  overall_rating: 5,
};

const richProfile = expertProfile({
  accomplishments: [
    accomplishment,
    { ...accomplishment, job_id: 'job-2', job_title: 'Shop app', show_project_value: true, show_employer_name: true },
  ],
  portfolio_stats: {
    total_projects: 4,
    repeat_clients: 1,
    top_skills: [
      { skill: 'React', projects: 3 },
      { skill: 'Figma', projects: 1 },
    ],
    skills: [
      { skill: 'React', projects: 3 },
      { skill: 'TypeScript', projects: 0 },
    ],
  },
  verified_rating: { overall_rating: 4.75, total_verified_reviews: 3, work_quality_avg: 4.8, communication_avg: 4.66, timeliness_avg: 5 },
});

describe('/professionals/:professionalId', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('professionals');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the header, stats and tabs of a verified expert to a visitor, without owner or employer actions', async () => {
    stubApi(() => jsonResponse(200, richProfile));
    renderScreen(<ProfessionalProfilePage />, { path, at });

    expect(await screen.findByRole('heading', { name: 'Layla Haddad', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Dubai, Jebel Ali')).toBeInTheDocument();
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByText('3 verified reviews')).toBeInTheDocument();
    expect(screen.getByText('100% Success Rate')).toBeInTheDocument();
    expect(screen.getByText('AED 150/hr')).toBeInTheDocument();
    expect(screen.getByText('4.7 / 5.0')).toBeInTheDocument();
    expect(screen.getByText('3 projects')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite to Job' })).toBeNull();
    expect(screen.queryByText(/Contact Expert/)).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Portfolio' }));
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).queryByText('Al Noor Trading', { exact: false })).toBeNull();
    expect(within(cards[0]!).queryByText('Project value')).toBeNull();
    expect(within(cards[0]!).getByText('21 days')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('“Delivered early and well.”')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('— Al Noor Trading')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('AED 12,000')).toBeInTheDocument();
  });

  it('shows what the expert wrote about themself: experience, languages, highlights and links', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        expertProfile(
          {},
          {
            career_highlights: ['Built the Expo 2020 visitor app'],
            linkedin_url: 'https://linkedin.com/in/layla',
            behance_url: 'https://www.behance.net/layla/',
          },
        ),
      ),
    );
    renderScreen(<ProfessionalProfilePage />, { path, at });
    const about = within(await screen.findByTestId('expert-about'));
    expect(about.getByText('6 years of experience')).toBeInTheDocument();
    expect(about.getByText('Arabic, English')).toBeInTheDocument();
    expect(about.getByText('Available for work')).toBeInTheDocument();
    expect(about.getByText('Built the Expo 2020 visitor app')).toBeInTheDocument();
    expect(about.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe('https://linkedin.com/in/layla');
    expect(about.getByText('behance.net/layla')).toBeInTheDocument();
    expect(about.queryByText(/GitHub/)).toBeNull();
  });

  it('hides the location the expert chose not to show, and the tick without verified reviews', async () => {
    stubApi(() => jsonResponse(200, expertProfile({}, { show_location: false })));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    expect(await screen.findByRole('heading', { name: 'Layla Haddad', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/Dubai/)).toBeNull();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('No verified reviews')).toBeInTheDocument();
    expect(screen.getByText('No completed projects yet, so there are no skills to rank.')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Portfolio' }));
    expect(await screen.findByRole('heading', { name: 'No Projects Yet' })).toBeInTheDocument();
    expect(screen.getByText("This expert hasn't completed any verified projects yet.")).toBeInTheDocument();
  });

  it('offers the owner Edit Profile and an employer Invite to Job', async () => {
    sessionToken.write('owner-token');
    stubApi(({ url }) => jsonResponse(200, url.pathname === '/api/users/me' ? sessionUser(expertId, 'professional') : expertProfile()));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    expect((await screen.findByRole('link', { name: 'Edit Profile' })).getAttribute('href')).toBe('/profile/edit');
    expect(screen.queryByRole('button', { name: 'Invite to Job' })).toBeNull();
    cleanup();

    sessionToken.write('employer-token');
    stubApi(({ url }) => jsonResponse(200, url.pathname === '/api/users/me' ? sessionUser('employer-1', 'employer') : expertProfile()));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    expect(await screen.findByRole('button', { name: 'Invite to Job' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });

  it('claims no success rate before a completed project, and ranks no skills the completed ones did not name', async () => {
    stubApi(() => jsonResponse(200, expertProfile()));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    const completed = (await screen.findByText('Projects Completed')).parentElement!;
    expect(within(completed).getByText('0')).toBeInTheDocument();
    expect(screen.queryByText('100% Success Rate')).not.toBeInTheDocument();
    cleanup();

    const oneDone = expertProfile({ portfolio_stats: { total_projects: 1, repeat_clients: 0, top_skills: [], skills: [] } });
    stubApi(() => jsonResponse(200, oneDone));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    expect(await screen.findByText('100% Success Rate')).toBeInTheDocument();
    expect(screen.getByText('The completed projects named no skills to rank.')).toBeInTheDocument();
    expect(screen.queryByText('No completed projects yet, so there are no skills to rank.')).not.toBeInTheDocument();
  });

  it('says the same in Arabic', async () => {
    await i18n.changeLanguage('ar');
    try {
      stubApi(() => jsonResponse(200, expertProfile()));
      renderScreen(<ProfessionalProfilePage />, { path, at });
      expect(await screen.findByText('لا توجد مشاريع منجزة بعد، لذا لا توجد مهارات لترتيبها.')).toBeInTheDocument();
      expect(screen.queryByText('نسبة نجاح 100%')).not.toBeInTheDocument();
      cleanup();

      stubApi(() =>
        jsonResponse(200, expertProfile({ portfolio_stats: { total_projects: 1, repeat_clients: 0, top_skills: [], skills: [] } })),
      );
      renderScreen(<ProfessionalProfilePage />, { path, at });
      expect(await screen.findByText('نسبة نجاح 100%')).toBeInTheDocument();
      expect(screen.getByText('لم تُذكر أي مهارات في المشاريع المنجزة لترتيبها.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("says 'Expert Not Found' when there is no such expert", async () => {
    stubApi(() => jsonResponse(404, { detail: 'Expert Not Found', code: 'not_found' }));
    renderScreen(<ProfessionalProfilePage />, { path, at });
    expect(await screen.findByRole('heading', { name: 'Expert Not Found' })).toBeInTheDocument();
  });
});
