import type { EmployerProfile, EmployerStats, ExpertProfile } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { createSuperAdmin, type TestAdmin } from '../admin/test-admins.ts';
import { call, earn, expectLedgerSound, fundEscrow, hire } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';

let app: App;
let superAdmin: TestAdmin;
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
  employer = await createEmployer(app);
  // Her profile lists none of the skills the projects below require.
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi', skills: 'Plumbing' });
});
afterAll(() => app.close());

async function read<T>(url: string, token?: string): Promise<T> {
  const response = await call(app, 'GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const employerProfile = () => read<EmployerProfile>(`/api/employers/${employer.user.id}/profile`);
const expertProfile = () => read<ExpertProfile>(`/api/experts/${professional.user.id}/profile`);
const dashboard = () => read<EmployerStats>('/api/dashboard/stats', employer.token);

/** A one-milestone job in escrow, submitted, disputed by the employer and split by staff: `released` to the professional, the rest refunded. */
async function splitJob(title: string, amount: number, released: number) {
  const job = await hire(app, employer, professional, { title, skillsRequired: ['AC repair'] });
  const { payment_id, milestones } = await fundEscrow(app, employer, job.id, [amount]);
  const submitted = await call(app, 'POST', `/api/milestones/${milestones[0]!.id}/submit`, professional.token, {
    notes: 'The units are serviced.',
    deliverable_urls: [],
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const opened = await call(app, 'POST', `/api/payments/${payment_id}/dispute`, employer.token, {
    reason: 'Quality',
    description: 'Two of the five units still leak.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const queue = await app.inject({ method: 'GET', url: '/api/admin/disputes', headers: bearer(superAdmin.token) });
  const dispute = queue.json<{ disputes: { id: string; payment_id: string }[] }>().disputes.find((item) => item.payment_id === payment_id);
  const resolved = await app.inject({
    method: 'POST',
    url: `/api/admin/disputes/${dispute!.id}/resolve`,
    headers: bearer(superAdmin.token),
    payload: { decision: 'split', release_amount: released, note: 'Three of five units were serviced.' },
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
  return job;
}

describe('GET /api/employers/{id}/profile and /api/experts/{id}/profile: money', () => {
  it('tells an employer who paid 600 + 400 spent AED 1,000, as their dashboard does, and the work as worth what was paid', async () => {
    // The budget's maximum is AED 10,000: none of it shows.
    const job = await earn(app, employer, professional, [600, 400]);
    const profile = await employerProfile();
    expect(profile.employer_stats).toMatchObject({ total_spent: 1000, currency: 'AED', totals: [{ currency: 'AED', amount: 1000 }] });
    expect((await dashboard()).total_spent).toBe(profile.employer_stats.total_spent);
    expect(profile.job_history.find((item) => item.job_id === job.id)).toMatchObject({ project_value: 1000, currency: 'AED' });
    const portfolio = await expertProfile();
    expect(portfolio.accomplishments.find((item) => item.job_id === job.id)).toMatchObject({ project_value: 1000, currency: 'AED' });
    await expectLedgerSound(app);
  });

  it('counts the refunded part of a split settlement out of what was spent and of what the work was worth', async () => {
    // AED 500 funded; staff release 200 and refund 300.
    const job = await splitJob('AC servicing for a Jumeirah villa', 500, 200);
    const profile = await employerProfile();
    expect(profile.employer_stats).toMatchObject({ total_spent: 1200, currency: 'AED' });
    expect((await dashboard()).total_spent).toBe(1200);
    expect(profile.job_history.find((item) => item.job_id === job.id)).toMatchObject({ project_value: 200 });
    const portfolio = await expertProfile();
    expect(portfolio.accomplishments.find((item) => item.job_id === job.id)).toMatchObject({ project_value: 200 });
    await expectLedgerSound(app);
  });

  it('keeps each currency apart, the headline in the one paid most, as the dashboard does', async () => {
    await earn(app, employer, professional, [300], undefined, { country: 'SA', region: 'riyadh', currency: 'SAR' });
    const profile = await employerProfile();
    const figures = await dashboard();
    expect(profile.employer_stats).toMatchObject({
      total_spent: 1200,
      currency: 'AED',
      totals: [
        { currency: 'AED', amount: 1200 },
        { currency: 'SAR', amount: 300 },
      ],
    });
    expect({ total_spent: figures.total_spent, currency: figures.currency, totals: figures.totals }).toEqual({
      total_spent: profile.employer_stats.total_spent,
      currency: profile.employer_stats.currency,
      totals: profile.employer_stats.totals,
    });
  });

  it('counts the completed projects on the professional’s profile, with the skills they used', async () => {
    const { portfolio_stats: stats } = await expertProfile();
    expect(stats.total_projects).toBe(3);
    expect(stats.top_skills).toEqual([
      { skill: 'React', projects: 2 },
      { skill: 'TypeScript', projects: 2 },
      { skill: 'AC repair', projects: 1 },
    ]);
    // The Skills tab lists the profile's own skills.
    expect(stats.skills).toEqual([{ skill: 'Plumbing', projects: 0 }]);
  });

  it('counts only projects with a professional hired as active, and open ones apart', async () => {
    const ongoing = await hire(app, employer, professional);
    await fundEscrow(app, employer, ongoing.id, [700]);
    const open = await call(app, 'POST', '/api/jobs', employer.token, {
      title: 'Majlis curtains for a Khalifa City home',
      description: 'Measure, sew and fit curtains for a 6 m majlis.',
      skills_required: ['Tailoring'],
      project_type: 'fixed',
      budget_min: 1500,
      budget_max: 3000,
      emirate: 'abu_dhabi',
    });
    expect(open.statusCode, open.body).toBe(201);
    const { employer_stats: stats } = await employerProfile();
    expect(stats).toMatchObject({ total_projects: 5, active_jobs: 1, open_jobs: 1 });
  });
});
