import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { employerProfileSchema, expertProfileSchema, type EmployerProfile, type ExpertProfile } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../jobs/jobs.schema.ts';
import { proposals } from '../proposals/proposals.schema.ts';
import { reviews } from '../reviews/reviews.schema.ts';
import { users } from '../users/users.schema.ts';
import { createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import type { App } from '../../app.ts';

type NewJob = typeof jobs.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2025-03-01T08:00:00Z');
const day = (n: number) => new Date(start.getTime() + n * DAY);

/** Keys anywhere in a JSON value, to prove that no contact detail is answered. */
const keysOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
  return [];
};

describe('public profiles', () => {
  let app: App;
  const people = { expert: '', other: '', falcon: '', oasis: '', newcomer: '', suspended: '' };
  const emails: string[] = [];
  const jobIds: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp();
    const create = async (key: keyof typeof people, changes: Record<string, unknown>) => {
      const created = await createUser(app, changes);
      people[key] = created.user.id;
      emails.push(created.user.email);
    };
    await create('expert', {
      first_name: 'Hessa',
      last_name: 'Al Falasi',
      skills: 'React, TypeScript, Figma, Node.js, Go',
      emirate: 'dubai',
      city: 'dubai',
      show_location: true,
      show_exact_location: false,
    });
    await create('other', { first_name: 'Omar', last_name: 'Haddad', skills: 'Plumbing' });
    await create('falcon', {
      role: 'employer',
      first_name: 'Khalid',
      last_name: 'Mansour',
      company_name: 'Falcon Tech',
      emirate: 'dubai',
      city: 'dubai',
      show_location: false,
      show_exact_location: true,
    });
    await create('oasis', { role: 'employer', first_name: 'Mariam', last_name: 'Saleh', company_name: '' });
    await create('newcomer', { first_name: 'Noura', skills: 'Python' });
    await create('suspended', { first_name: 'Sami' });

    const { db } = app.services.database;
    await db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, people.suspended));

    const insertJob = async (
      key: string,
      job: Partial<NewJob> & Pick<NewJob, 'employerId' | 'currency' | 'budgetMinMinor' | 'budgetMaxMinor'>,
    ) => {
      const [row] = await db
        .insert(jobs)
        .values({
          title: `Project ${key}`,
          description: `Description of ${key}`,
          skillsRequired: [],
          jobType: 'fixed',
          country: 'AE',
          paymentMethod: 'escrow',
          budgetMinUsd: 0,
          budgetMaxUsd: 0,
          ...job,
        })
        .returning({ id: jobs.id });
      jobIds[key] = row!.id;
      return row!.id;
    };
    const hire = (jobId: string, workerId: string, acceptedAt: Date) =>
      db.insert(proposals).values({
        jobId,
        workerId,
        proposalText: 'I can do it.',
        proposedAmountMinor: 5000,
        currency: 'AED',
        status: 'accepted',
        acceptedAt,
      });
    const review = (values: Omit<typeof reviews.$inferInsert, 'id'>) => db.insert(reviews).values(values);

    const falcon = people.falcon;
    const j1 = await insertJob('j1', {
      employerId: falcon,
      status: 'completed',
      skillsRequired: ['react', 'Node.js'],
      industryCategory: 'technology_it',
      currency: 'AED',
      budgetMinMinor: 500_000,
      budgetMaxMinor: 1_000_000,
      createdAt: day(-5),
      updatedAt: day(10),
    });
    await hire(j1, people.expert, day(0));
    await review({
      jobId: j1,
      reviewerId: falcon,
      revieweeId: people.expert,
      overallRating: 5,
      workQuality: 5,
      communication: 4,
      timeliness: 5,
      comment: 'Superb work',
      createdAt: day(11),
    });
    await review({
      jobId: j1,
      reviewerId: people.expert,
      revieweeId: falcon,
      overallRating: 4,
      communication: 5,
      paymentReliability: 3,
      comment: 'Clear brief',
      createdAt: day(12),
    });

    const j2 = await insertJob('j2', {
      employerId: falcon,
      status: 'completed',
      skillsRequired: ['TypeScript', 'REACT'],
      industryCategory: 'technology_it',
      country: 'SA',
      region: 'riyadh',
      currency: 'SAR',
      budgetMinMinor: 200_000,
      budgetMaxMinor: 300_000,
      createdAt: day(1),
      updatedAt: day(20),
    });
    await hire(j2, people.expert, day(2));
    await review({
      jobId: j2,
      reviewerId: falcon,
      revieweeId: people.expert,
      overallRating: 3,
      workQuality: 3,
      communication: 3,
      timeliness: 2,
      comment: 'Late but fine',
      createdAt: day(21),
    });
    await review({
      jobId: j2,
      reviewerId: people.expert,
      revieweeId: falcon,
      overallRating: 1,
      communication: 1,
      paymentReliability: 1,
      comment: 'Hidden words',
      showOnProfile: false,
      createdAt: day(22),
    });

    const j3 = await insertJob('j3', {
      employerId: falcon,
      status: 'open',
      skillsRequired: ['Figma'],
      industryCategory: 'design_creative',
      region: 'dubai',
      currency: 'AED',
      budgetMinMinor: 500_000,
      budgetMaxMinor: 1_000_000,
      proposalCount: 1,
      createdAt: day(30),
    });
    await db
      .insert(proposals)
      .values({ jobId: j3, workerId: people.other, proposalText: 'Pick me.', proposedAmountMinor: 4000, currency: 'AED' });

    const j4 = await insertJob('j4', {
      employerId: falcon,
      status: 'in_progress',
      industryCategory: 'technology_it',
      country: 'KW',
      region: 'al_asimah',
      currency: 'KWD',
      budgetMinMinor: 1_500,
      budgetMaxMinor: 2_750,
      createdAt: day(31),
    });
    await hire(j4, people.other, day(32));
    await insertJob('j5', {
      employerId: falcon,
      status: 'cancelled',
      industryCategory: 'design_creative',
      currency: 'AED',
      budgetMinMinor: 0,
      budgetMaxMinor: 0,
      createdAt: day(3),
    });
    const j6 = await insertJob('j6', {
      employerId: falcon,
      status: 'completed',
      currency: 'AED',
      budgetMinMinor: 100_000,
      budgetMaxMinor: 100_000,
      createdAt: day(4),
      updatedAt: day(25),
    });
    await hire(j6, people.other, day(5));
    await review({
      jobId: j6,
      reviewerId: people.other,
      revieweeId: falcon,
      overallRating: 5,
      communication: 4,
      paymentReliability: 4,
      comment: 'Paid on time',
      createdAt: day(26),
    });

    const j7 = await insertJob('j7', {
      employerId: people.oasis,
      status: 'completed',
      skillsRequired: ['figma'],
      industryCategory: 'design_creative',
      currency: 'AED',
      budgetMinMinor: 50_000,
      budgetMaxMinor: 75_050,
      createdAt: day(6),
      updatedAt: day(40),
    });
    await hire(j7, people.expert, day(38));
    await review({
      jobId: j7,
      reviewerId: people.oasis,
      revieweeId: people.expert,
      overallRating: 1,
      workQuality: 1,
      communication: 1,
      timeliness: 1,
      comment: 'Kept off the profile',
      showOnProfile: false,
      createdAt: day(41),
    });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  describe('GET /api/experts/{id}/profile', () => {
    let profile: ExpertProfile;
    beforeAll(async () => {
      const response = await get(`/api/experts/${people.expert}/profile`);
      expect(response.statusCode).toBe(200);
      profile = expertProfileSchema.parse(response.json());
    });

    it('lists the completed jobs the professional was hired for, newest first, with the employer’s review', () => {
      expect(profile.accomplishments.map((item) => item.job_id)).toEqual([jobIds.j7, jobIds.j2, jobIds.j1]);
      expect(profile.accomplishments[2]).toEqual({
        job_id: jobIds.j1,
        job_title: 'Project j1',
        project_description: 'Description of j1',
        completion_date: day(10).toISOString(),
        duration_days: 10,
        project_category: 'technology_it',
        show_project_value: true,
        // Nothing went through the ledger for these jobs: no value is told, never the budget.
        project_value: null,
        currency: 'AED',
        skills_used: ['react', 'Node.js'],
        employer_testimonial: 'Superb work',
        show_employer_name: true,
        employer_name: 'Falcon Tech',
        overall_rating: 5,
      });
      expect(profile.accomplishments[1]).toMatchObject({ project_value: null, currency: 'SAR', duration_days: 18, overall_rating: 3 });
      // A review kept off the profile leaves no testimonial; an employer without a company is named by name.
      expect(profile.accomplishments[0]).toMatchObject({
        project_value: null,
        employer_name: 'Mariam Saleh',
        employer_testimonial: null,
        overall_rating: null,
        duration_days: 2,
      });
    });

    it('shows only the reviews meant for the profile, newest first', () => {
      expect(profile.reviews).toEqual([
        {
          id: expect.any(String),
          job_title: 'Project j2',
          reviewer_name: 'Falcon Tech',
          overall_rating: 3,
          comment: 'Late but fine',
          created_at: day(21).toISOString(),
        },
        {
          id: expect.any(String),
          job_title: 'Project j1',
          reviewer_name: 'Falcon Tech',
          overall_rating: 5,
          comment: 'Superb work',
          created_at: day(11).toISOString(),
        },
      ]);
    });

    it('counts projects, repeat clients and skills used', () => {
      expect(profile.portfolio_stats).toEqual({
        total_projects: 3,
        repeat_clients: 1,
        top_skills: [
          { skill: 'React', projects: 2 },
          { skill: 'TypeScript', projects: 1 },
          { skill: 'Figma', projects: 1 },
          { skill: 'Node.js', projects: 1 },
        ],
        skills: [
          { skill: 'React', projects: 2 },
          { skill: 'TypeScript', projects: 1 },
          { skill: 'Figma', projects: 1 },
          { skill: 'Node.js', projects: 1 },
          { skill: 'Go', projects: 0 },
        ],
      });
    });

    it('averages the shown reviews to one decimal', () => {
      expect(profile.verified_rating).toEqual({
        overall_rating: 4,
        total_verified_reviews: 2,
        work_quality_avg: 4,
        communication_avg: 3.5,
        timeliness_avg: 3.5,
      });
    });

    it('shows the emirate but not the city of a professional who hides the exact location', () => {
      expect(profile.user).toMatchObject({
        id: people.expert,
        role: 'professional',
        first_name: 'Hessa',
        country: 'AE',
        emirate: 'dubai',
        city: null,
      });
    });

    it('answers zeros and empty lists for a professional with no completed work', async () => {
      const response = await get(`/api/experts/${people.newcomer}/profile`);
      expect(response.statusCode).toBe(200);
      expect(response.json<ExpertProfile>()).toMatchObject({
        accomplishments: [],
        reviews: [],
        portfolio_stats: { total_projects: 0, repeat_clients: 0, top_skills: [], skills: [{ skill: 'Python', projects: 0 }] },
        verified_rating: { overall_rating: 0, total_verified_reviews: 0, work_quality_avg: 0, communication_avg: 0, timeliness_avg: 0 },
      });
    });

    it.each([
      ['an unknown id', () => randomUUID()],
      ['a malformed id', () => 'not-a-uuid'],
      ['an id with SQL in it', () => "1' or '1'='1"],
      ['an employer', () => people.falcon],
      ['a suspended professional', () => people.suspended],
    ])('answers 404 Expert Not Found for %s', async (_case, id) => {
      const response = await get(`/api/experts/${encodeURIComponent(id())}/profile`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Expert Not Found', code: 'not_found' });
    });
  });

  describe('GET /api/employers/{id}/profile', () => {
    let profile: EmployerProfile;
    beforeAll(async () => {
      const response = await get(`/api/employers/${people.falcon}/profile`);
      expect(response.statusCode).toBe(200);
      profile = employerProfileSchema.parse(response.json());
    });

    it('lists open and ongoing projects newest first, budgets in their own currency', () => {
      expect(profile.current_jobs).toEqual([
        {
          id: jobIds.j4,
          title: 'Project j4',
          description: 'Description of j4',
          budget_range: 'KWD 2 - 3',
          job_type: 'fixed',
          currency: 'KWD',
          budget_min: 1.5,
          budget_max: 2.75,
          created_at: day(31).toISOString(),
          country: 'KW',
          emirate: null,
          industry_category: 'technology_it',
          skills_required: [],
          status: 'in_progress',
          proposal_count: 0,
        },
        {
          id: jobIds.j3,
          title: 'Project j3',
          description: 'Description of j3',
          budget_range: 'AED 5,000 - 10,000',
          job_type: 'fixed',
          currency: 'AED',
          budget_min: 5000,
          budget_max: 10_000,
          created_at: day(30).toISOString(),
          country: 'AE',
          emirate: 'dubai',
          industry_category: 'design_creative',
          skills_required: ['Figma'],
          status: 'open',
          proposal_count: 1,
        },
      ]);
    });

    it('lists completed projects with the hired professional and the reviews both ways', () => {
      expect(profile.job_history.map((item) => item.job_id)).toEqual([jobIds.j6, jobIds.j2, jobIds.j1]);
      expect(profile.job_history[2]).toEqual({
        job_id: jobIds.j1,
        job_title: 'Project j1',
        project_description: 'Description of j1',
        completion_date: day(10).toISOString(),
        project_category: 'technology_it',
        project_value: null,
        currency: 'AED',
        show_financial_info: true,
        worker_name: 'Hessa Al Falasi',
        show_worker_name: true,
        employer_feedback: 'Superb work',
        worker_feedback: 'Clear brief',
        worker_rating: 5,
        received_rating: 4,
      });
      expect(profile.job_history[1]).toMatchObject({
        worker_rating: 3,
        employer_feedback: 'Late but fine',
        worker_feedback: null,
        received_rating: null,
      });
      expect(profile.job_history[0]).toMatchObject({
        worker_name: 'Omar Haddad',
        project_category: null,
        employer_feedback: null,
        received_rating: 5,
      });
    });

    it('counts projects, those with a professional hired, open ones, repeat hires, spending and hiring categories', () => {
      expect(profile.employer_stats).toEqual({
        total_projects: 6,
        // In progress (j4); the open one (j3) is a figure of its own.
        active_jobs: 1,
        open_jobs: 1,
        repeat_hires: 2,
        // Nothing was paid through the ledger (profile-money.test.ts pays); an employer hiding their place reads AED.
        total_spent: 0,
        currency: 'AED',
        totals: [],
        hiring_categories: [
          { category: 'technology_it', projects: 3 },
          { category: 'design_creative', projects: 2 },
        ],
      });
    });

    it('rates the employer from the shown reviews, with counts per star', () => {
      expect(profile.verified_rating).toEqual({
        overall_rating: 4.5,
        total_verified_reviews: 2,
        communication_avg: 4.5,
        payment_reliability_avg: 3.5,
        one_star_count: 0,
        two_star_count: 0,
        three_star_count: 0,
        four_star_count: 1,
        five_star_count: 1,
      });
      expect(profile.reviews.map((item) => [item.reviewer_name, item.overall_rating, item.comment])).toEqual([
        ['Omar Haddad', 5, 'Paid on time'],
        ['Hessa Al Falasi', 4, 'Clear brief'],
      ]);
    });

    it('hides the location of an employer who hides it', () => {
      expect(profile.user).toMatchObject({
        id: people.falcon,
        role: 'employer',
        company_name: 'Falcon Tech',
        show_location: false,
        country: null,
        emirate: null,
        city: null,
      });
    });

    it('answers zeros and empty lists for an employer without projects', async () => {
      const response = await get(`/employers/${people.oasis}/profile`);
      expect(response.statusCode).toBe(200);
      expect(response.json<EmployerProfile>()).toMatchObject({
        current_jobs: [],
        reviews: [],
        employer_stats: {
          total_projects: 1,
          active_jobs: 0,
          open_jobs: 0,
          repeat_hires: 0,
          total_spent: 0,
          hiring_categories: [{ category: 'design_creative', projects: 1 }],
        },
        verified_rating: { overall_rating: 0, total_verified_reviews: 0, one_star_count: 0, five_star_count: 0 },
      });
    });

    it.each([
      ['an unknown id', () => randomUUID()],
      ['a malformed id', () => 'abc'],
      ['a professional', () => people.expert],
    ])('answers 404 Employer Not Found for %s', async (_case, id) => {
      const response = await get(`/api/employers/${encodeURIComponent(id())}/profile`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Employer Not Found', code: 'not_found' });
    });
  });

  it('never answers an e-mail address or a phone number in a profile', async () => {
    for (const url of [`/api/experts/${people.expert}/profile`, `/api/employers/${people.falcon}/profile`]) {
      const response = await get(url);
      const keys = new Set(keysOf(response.json()));
      for (const key of ['email', 'phone_number', 'country_code', 'password_hash']) expect(keys.has(key), `${url} ${key}`).toBe(false);
      for (const email of emails) expect(response.body).not.toContain(email);
    }
  });
});
