import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { loadTranslations } from '../../../test/testing.tsx';
import { ReviewList } from './review-list.tsx';

const review = {
  id: 'review-1',
  job_title: 'Bilingual booking site for a Dubai clinic',
  reviewer_name: 'Omar Al Mansoori',
  overall_rating: 5,
  comment: 'Excellent work.',
  created_at: '2026-03-01T08:00:00.000Z',
};

describe('ReviewList', () => {
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', 'Review from \u2068Omar Al Mansoori\u2069'],
    ['ar', 'تقييم من \u2068Omar Al Mansoori\u2069'],
  ] as const)('heads each review as one written by its reviewer, in %s', async (language, heading) => {
    await loadTranslations(language);
    await i18n.loadNamespaces('professionals');
    render(<ReviewList reviews={[review]} />);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });
});
