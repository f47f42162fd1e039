import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { publicUser, renderScreen } from '../test-support.tsx';
import { ProfessionalCard } from './professional-card.tsx';

const longHighlight = 'Delivered the payments platform for a regional bank in Riyadh on time';

describe('ProfessionalCard', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('professionals');
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('shows two highlights cut at 50 characters, then +N more, and four skills, then +N', async () => {
    const professional = publicUser({
      career_highlights: [longHighlight, 'Speaker at GITEX 2024', 'Built three apps', 'Mentor'],
      skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Arabic UX', 'Figma'],
    });
    renderScreen(<ProfessionalCard professional={professional} />);

    const highlights = within(await screen.findByRole('list', { name: 'Career highlights' })).getAllByRole('listitem');
    expect(highlights.map((item) => item.textContent)).toEqual([
      `•${longHighlight.slice(0, 50).trimEnd()}…`,
      '•Speaker at GITEX 2024',
      '+2 more',
    ]);
    for (const skill of ['React', 'TypeScript', 'Node.js', 'PostgreSQL']) expect(screen.getByText(skill)).toBeInTheDocument();
    expect(screen.queryByText('Arabic UX')).toBeNull();
    expect(screen.getByText('+2')).toBeInTheDocument();
  });

  it('shows the rating with one decimal and its stars, the rate in dirhams and the profile link', async () => {
    renderScreen(<ProfessionalCard professional={publicUser({ total_rating: 4.4, total_reviews: 12, hourly_rate: 150 })} />);
    const stars = await screen.findByRole('img', { name: 'Rated 4.4 out of 5' });
    expect(stars.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
    expect(screen.getByText('4.4')).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    expect(screen.getByText('AED 150/hr')).toBeInTheDocument();
    expect(screen.getByText('6 years of experience')).toBeInTheDocument();
    expect(screen.getByText('Dubai, Jebel Ali')).toBeInTheDocument();
    expect(screen.getByText('Technology & IT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile: Layla Haddad' }).getAttribute('href')).toBe(
      '/professionals/8c0a4a4e-0000-4000-8000-000000000001',
    );
  });

  it('shows no location badge when the professional hides their location, and initials without a picture', async () => {
    renderScreen(<ProfessionalCard professional={publicUser({ show_location: false, hourly_rate: null })} />);
    expect(await screen.findByText('LH')).toBeInTheDocument();
    expect(screen.queryByText(/Dubai/)).toBeNull();
    expect(screen.queryByText(/\/hr/)).toBeNull();
  });

  it('speaks Arabic: the rate, the review count and the highlights', async () => {
    await i18n.changeLanguage('ar');
    renderScreen(<ProfessionalCard professional={publicUser({ total_reviews: 2, career_highlights: ['a', 'b', 'c'] })} />);
    expect(await screen.findByText('150 د.إ / الساعة')).toBeInTheDocument();
    expect(screen.getByText('تقييمان')).toBeInTheDocument();
    expect(screen.getByText('+1 أخرى')).toBeInTheDocument();
    expect(screen.getByText('دبي، جبل علي')).toBeInTheDocument();
  });
});
