import { reviewMessages, type ExpertProfile } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

const clock = createTestClock();
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

/** A job hired, funded, delivered and approved: completed. */
async function completedJob() {
  const job = await hire(app, employer, professional, {
    title: 'Bilingual booking site',
    industryCategory: 'technology_it',
    skillsRequired: ['React', 'Arabic UX'],
  });
  const { milestones } = await fundEscrow(app, employer, job.id, [2500]);
  await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {});
  const approved = await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/approve`, employer.token, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return job;
}

const employerReview = { overall_rating: 5, work_quality: 5, communication: 4, timeliness: 5, comment: 'Careful, fast and bilingual.' };
const professionalReview = { overall_rating: 4, communication: 5, payment_reliability: 5, comment: 'Clear brief, paid on time.' };

const expertProfile = async () => (await call(app, 'GET', `/api/experts/${professional.user.id}/profile`)).json<ExpertProfile>();

describe('POST /api/jobs/{jobId}/reviews', () => {
  it('keeps reviews blind until both are written, then feeds the verified rating and the portfolio', async () => {
    const job = await completedJob();
    const first = await call(app, 'POST', `/api/jobs/${job.id}/reviews`, employer.token, employerReview);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(reviewMessages.submitted);
    // The professional cannot read it yet, and the profile does not count it.
    expect((await call(app, 'GET', `/api/jobs/${job.id}/reviews`, professional.token)).json()).toMatchObject({
      can_review: true,
      theirs: null,
    });
    expect((await expertProfile()).verified_rating.total_verified_reviews).toBe(0);

    const second = await call(app, 'POST', `/api/jobs/${job.id}/reviews`, professional.token, professionalReview);
    expect(second.json().message).toBe(reviewMessages.published);
    const seen = (await call(app, 'GET', `/api/jobs/${job.id}/reviews`, professional.token)).json();
    expect(seen).toMatchObject({
      can_review: false,
      theirs: { overall_rating: 5, comment: 'Careful, fast and bilingual.', is_released: true },
    });

    const profile = await expertProfile();
    expect(profile.verified_rating).toMatchObject({
      overall_rating: 5,
      total_verified_reviews: 1,
      work_quality_avg: 5,
      communication_avg: 4,
      timeliness_avg: 5,
    });
    expect(profile.portfolio_stats.total_projects).toBeGreaterThanOrEqual(1);
    const item = profile.accomplishments.find((accomplishment: { job_id: string }) => accomplishment.job_id === job.id);
    expect(item).toMatchObject({
      project_value: 2500,
      employer_name: 'Falcon Tech',
      employer_testimonial: 'Careful, fast and bilingual.',
      overall_rating: 5,
    });
    const employerProfile = (await call(app, 'GET', `/api/employers/${employer.user.id}/profile`)).json();
    expect(employerProfile.verified_rating).toMatchObject({ total_verified_reviews: 1, payment_reliability_avg: 5 });
    const me = (await call(app, 'GET', '/api/users/me', professional.token)).json();
    expect(me).toMatchObject({ total_rating: 5, total_reviews: 1 });
  });

  it('publishes a lone review 14 days after completion', async () => {
    const job = await completedJob();
    await call(app, 'POST', `/api/jobs/${job.id}/reviews`, professional.token, professionalReview);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/reviews`, employer.token)).json().theirs).toBeNull();
    clock.advance(14 * 86_400_000 + 1000);
    expect(await app.services.reviews.releaseDueReviews()).toBe(1);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/reviews`, employer.token)).json().theirs).toMatchObject({ overall_rating: 4 });
  });

  it('answers 409 before completion and to a second review, 403 to anyone else, 422 to ratings outside 1–5', async () => {
    const open = await hire(app, employer, professional);
    expect((await call(app, 'POST', `/api/jobs/${open.id}/reviews`, employer.token, employerReview)).statusCode).toBe(409);
    const job = await completedJob();
    expect((await call(app, 'POST', `/api/jobs/${job.id}/reviews`, stranger.token, professionalReview)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/jobs/${job.id}/reviews`, stranger.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/jobs/${job.id}/reviews`, undefined, professionalReview)).statusCode).toBe(401);
    for (const overall_rating of [0, 6, 3.5, 'five']) {
      const refused = await call(app, 'POST', `/api/jobs/${job.id}/reviews`, employer.token, { ...employerReview, overall_rating });
      expect(refused.statusCode).toBe(422);
    }
    expect((await call(app, 'POST', `/api/jobs/${job.id}/reviews`, employer.token, employerReview)).statusCode).toBe(201);
    const again = await call(app, 'POST', `/api/jobs/${job.id}/reviews`, employer.token, employerReview);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(reviewMessages.alreadyReviewed);
  });
});

describe('PUT /api/accomplishments/{jobId}', () => {
  it('lets the professional hide the value and the employer name of one job, and no one else', async () => {
    const job = await completedJob();
    const settings = { show_project_value: false, show_employer_name: false };
    expect((await call(app, 'PUT', `/api/accomplishments/${job.id}`, employer.token, settings)).statusCode).toBe(403);
    const changed = await call(app, 'PUT', `/api/accomplishments/${job.id}`, professional.token, settings);
    expect(changed.statusCode, changed.body).toBe(200);
    const item = (await expertProfile()).accomplishments.find((accomplishment: { job_id: string }) => accomplishment.job_id === job.id);
    expect(item).toMatchObject({ show_project_value: false, project_value: null, show_employer_name: false, employer_name: null });
  });
});
