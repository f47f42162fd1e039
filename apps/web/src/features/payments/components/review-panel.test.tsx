import type { JobReviews } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { answer, jsonResponse, loadTranslations, mockApi } from '../../../test/testing.tsx';
import { ReviewPanel } from './review-panel.tsx';

const written = {
  overall_rating: 4,
  work_quality: 4,
  communication: 4,
  timeliness: 4,
  payment_reliability: null,
  comment: 'Careful work, delivered on time.',
  created_at: '2026-03-01T08:00:00.000Z',
  is_released: true,
};

// The professional's side of a completed job, both reviews released: the employer's is a review *from* them.
const professionalSide: JobReviews = {
  viewer_role: 'professional',
  can_review: false,
  other_party_name: 'Falcon Tech',
  mine: { ...written, work_quality: null, timeliness: null, payment_reliability: 5 },
  theirs: written,
  release_due_at: null,
};

function renderPanel() {
  mockApi(answer('GET', '/api/jobs/job-1/reviews', () => jsonResponse(200, professionalSide)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReviewPanel jobId="job-1" />
    </QueryClientProvider>,
  );
}

describe('ReviewPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', 'Review from \u2068Falcon Tech\u2069', 'Your review of \u2068Falcon Tech\u2069'],
    ['ar', 'تقييم من \u2068Falcon Tech\u2069', 'تقييمك لـ\u2068Falcon Tech\u2069'],
  ] as const)(
    'heads the employer’s review as one from them, and the professional’s as theirs of the employer, in %s',
    async (language, theirs, mine) => {
      await loadTranslations(language);
      await i18n.loadNamespaces('payments');
      renderPanel();
      expect(await screen.findByRole('heading', { name: theirs })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: mine })).toBeInTheDocument();
    },
  );
});
