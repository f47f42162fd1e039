import type { JobCreated, JobDetail, JobSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { jobInput, postJob } from './test-jobs.ts';

describe('POST /jobs', () => {
  let app: App;
  let employer: Awaited<ReturnType<typeof createUser>>;
  let professional: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    app = await createTestApp();
    employer = await createUser(app, { role: 'employer', first_name: 'Omar', last_name: 'Saeed', company_name: 'Gulf Bakeries' });
    professional = await createUser(app);
  });
  afterAll(() => app.close());

  const post = (token: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/jobs', headers: token ? bearer(token) : {}, payload: payload as object });
  const issues = (response: { json: () => unknown }) =>
    (response.json() as { detail: { loc: string[]; msg: string }[] }).detail.map((issue) => [issue.loc.at(-1), issue.msg]);

  it('posts a project in AED with minor units and a US-dollar amount', async () => {
    const response = await post(employer.token, jobInput({ budget_min: '1,0' }));
    expect(issues(response)).toEqual([['budget_min', 'Must be a valid number']]);

    const created = await postJob(app, employer.token, { budget_min: 3672.5, budget_max: 7345, is_urgent: true, allow_remote: true });
    expect(created.message).toBe('Project posted successfully!');
    expect(created.moderation_message).toBeNull();
    expect(created.featured_payment_required).toBe(false);
    expect(created.currency).toBe('AED');
    expect(created.job).toMatchObject({
      title: 'Bilingual website for a Dubai bakery',
      status: 'open',
      currency: 'AED',
      budget_min: 3672.5,
      budget_max: 7345,
      budget_min_usd: 1000,
      budget_max_usd: 2000,
      emirate: 'dubai',
      region: 'dubai',
      is_urgent: true,
      is_featured: false,
      allow_remote: true,
      skills_required: ['React', 'Arabic Typography'],
      employer_id: employer.user.id,
    });
    const [row] = await selectRows<{ budget_min_minor: string; budget_max_usd: string; currency: string }>(
      app.services.database,
      sql`select budget_min_minor::text, budget_max_usd::text, currency from jobs where id = ${created.id}`,
    );
    expect(row).toEqual({ budget_min_minor: '367250', budget_max_usd: '200000', currency: 'AED' });
  });

  it('uses the country’s currency: Kuwaiti dinars have three decimals', async () => {
    const created = await postJob(app, employer.token, {
      country: 'KW',
      emirate: undefined,
      region: 'hawalli',
      budget_min: 100.125,
      budget_max: 300,
    });
    expect(created.job).toMatchObject({ currency: 'KWD', budget_min: 100.125, country: 'KW', region: 'hawalli', emirate: null });
    const [row] = await selectRows<{ budget_min_minor: string }>(
      app.services.database,
      sql`select budget_min_minor::text from jobs where id = ${created.id}`,
    );
    expect(row?.budget_min_minor).toBe('100125');
  });

  it('refuses a budget finer than the currency’s smallest coin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { authorization: `Bearer ${employer.token}` },
      payload: { ...jobInput(), budget_min: 10.005 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'budget_min'], msg: 'Must have no more than 2 decimal places' }),
    );
  });

  it('answers the featured fee: 1% of the average budget, at least 5 AED, and does not feature before payment', async () => {
    const big = await postJob(app, employer.token, { is_featured: true, budget_min: 10000, budget_max: 30000 });
    expect(big).toMatchObject({ featured_payment_required: true, featured_fee: 200, currency: 'AED' });
    expect(big.featured_payment_message).toContain('AED 200.00');
    expect(big.job.is_featured).toBe(false);
    expect(big.job.featured_until).toBeNull();

    const small = await postJob(app, employer.token, { is_featured: true, budget_min: 50, budget_max: 150 });
    expect(small.featured_fee).toBe(5);

    // 5 AED in Saudi riyals through the pegs is 5.1055: the minimum is quoted as SAR 5.
    const saudi = await postJob(app, employer.token, {
      is_featured: true,
      country: 'SA',
      emirate: 'riyadh',
      budget_min: 10,
      budget_max: 20,
    });
    expect(saudi).toMatchObject({ featured_fee: 5, currency: 'SAR' });
    expect(saudi.featured_payment_message).toContain('SAR 5.00');
    // In Kuwaiti dinars 5 AED is 0.418: the minimum is KWD 0.4.
    const kuwait = await postJob(app, employer.token, {
      is_featured: true,
      country: 'KW',
      emirate: undefined,
      region: 'hawalli',
      budget_min: 1,
      budget_max: 2,
    });
    expect(kuwait).toMatchObject({ featured_fee: 0.4, currency: 'KWD' });
  });

  it('refuses anyone but an employer, in the specification’s words', async () => {
    const asProfessional = await post(professional.token, jobInput());
    expect(asProfessional.statusCode).toBe(403);
    expect(asProfessional.json()).toMatchObject({ detail: 'Only employers can post projects' });
    expect((await post(undefined, jobInput())).statusCode).toBe(401);
  });

  it('splits required skills typed with the Arabic comma and semicolon, and the skill filter finds the project', async () => {
    const skill = `Dhow${Date.now().toString(36)}`;
    const created = await postJob(app, employer.token, { skills_required: `TypeScript، Node.js؛ ${skill}،` });
    expect(created.job.skills_required).toEqual(['TypeScript', 'Node.js', skill]);
    const found = await app.inject({ method: 'GET', url: '/api/search/jobs', query: { skills: `${skill}، node.js` } });
    expect(found.json<JobSearchResponse>().jobs.map((job) => job.id)).toEqual([created.id]);
    expect((await post(employer.token, jobInput({ skills_required: ' ، ؛ ' }))).statusCode).toBe(422);
  });

  it('requires title, description, skills, type and both budgets', async () => {
    const response = await post(employer.token, { country: 'AE' });
    expect(response.statusCode).toBe(422);
    expect(issues(response)).toEqual(
      expect.arrayContaining([
        ['title', 'This field is required'],
        ['description', 'This field is required'],
        ['skills_required', 'This field is required'],
        ['project_type', 'This field is required'],
        ['budget_min', 'This field is required'],
        ['budget_max', 'This field is required'],
      ]),
    );
  });

  it('checks budgets are numbers, not negative, and in order; dates optional and in order', async () => {
    expect(issues(await post(employer.token, jobInput({ budget_min: 'abc' })))).toEqual([['budget_min', 'Must be a valid number']]);
    expect(issues(await post(employer.token, jobInput({ budget_min: -1 })))).toEqual([['budget_min', 'Must be at least 0']]);
    expect(issues(await post(employer.token, jobInput({ budget_min: 900, budget_max: 100 })))).toEqual([
      ['budget_max', 'Maximum budget must be at least the minimum budget'],
    ]);
    // Dates a year ahead, so the test reads the same on any day it runs.
    const year = new Date().getUTCFullYear() + 1;
    expect(issues(await post(employer.token, jobInput({ start_date: `${year}-12-10`, deadline: `${year}-12-01` })))).toEqual([
      ['deadline', 'Deadline must be on or after the start date'],
    ]);
    expect(issues(await post(employer.token, jobInput({ deadline: '2026-13-45' })))).toEqual([['deadline', 'Invalid format']]);
    expect(issues(await post(employer.token, jobInput({ start_date: '2026-02-30' })))).toEqual([['start_date', 'Invalid format']]);
    const dated = await postJob(app, employer.token, { start_date: `${year}-12-01`, deadline: `${year + 1}-01-15T00:00:00.000Z` });
    expect(dated.job).toMatchObject({ start_date: `${year}-12-01`, deadline: `${year + 1}-01-15` });
  });

  it('allows cash payment only with an emirate chosen', async () => {
    expect(issues(await post(employer.token, jobInput({ payment_method: 'cash', emirate: undefined })))).toEqual([
      ['payment_method', 'Cash payment is available only when an emirate is chosen (same emirate only)'],
    ]);
    const cash = await postJob(app, employer.token, { payment_method: 'cash', emirate: 'sharjah' });
    expect(cash.job).toMatchObject({ payment_method: 'cash', emirate: 'sharjah' });
  });

  it('checks places belong together: the emirate to the country, the city to the emirate', async () => {
    expect(issues(await post(employer.token, jobInput({ country: 'SA', emirate: 'dubai' })))).toEqual([['emirate', 'Not a known region']]);
    expect(issues(await post(employer.token, jobInput({ emirate: 'dubai', city: 'al_ain' })))).toEqual([['city', 'Not a known city']]);
    expect(issues(await post(employer.token, jobInput({ country: 'XX' })))).toEqual([['country', 'Not a known country']]);
    expect(issues(await post(employer.token, jobInput({ emirate: 'Atlantis' })))).toEqual([['emirate', 'Not a known emirate']]);
    expect(issues(await post(employer.token, jobInput({ industry_category: 'Basket weaving' })))).toEqual([
      ['industry_category', 'Not a known industry'],
    ]);
  });

  it('takes places and industries as ids or English or Arabic names in any case, and stores the ids', async () => {
    const byName = await postJob(app, employer.token, {
      country: 'Saudi Arabia',
      emirate: undefined,
      region: 'MAKKAH',
      city: 'جدة',
      industry_category: 'technology & it',
    });
    expect(byName.job).toMatchObject({
      country: 'SA',
      region: 'makkah',
      city: 'jeddah',
      industry_category: 'technology_it',
      currency: 'SAR',
    });
    const inArabic = await postJob(app, employer.token, { country: 'الإمارات العربية المتحدة', emirate: 'أبوظبي', city: 'Al Ain' });
    expect(inArabic.job).toMatchObject({ country: 'AE', emirate: 'abu_dhabi', city: 'al_ain' });
  });

  it('refuses a blank choice instead of putting its default in its place', async () => {
    expect(issues(await post(employer.token, jobInput({ country: '' })))).toEqual([['country', 'Not a known country']]);
    expect(issues(await post(employer.token, jobInput({ country: '  ' })))).toEqual([['country', 'Not a known country']]);
    expect(issues(await post(employer.token, jobInput({ payment_method: '' })))).toEqual([['payment_method', 'Invalid format']]);
    // Absent and null still mean the default.
    const absent = await postJob(app, employer.token, { country: null, payment_method: null });
    expect(absent.job).toMatchObject({ country: 'AE', payment_method: 'escrow' });
  });

  it('refuses a deadline that has already passed where the work is', async () => {
    const response = await post(employer.token, jobInput({ deadline: '2020-01-01' }));
    expect(issues(response)).toEqual([['deadline', 'Deadline cannot be in the past']]);
  });

  it('takes local-service fields only with the Local Services industry, and only matching pairs', async () => {
    expect(
      issues(await post(employer.token, jobInput({ industry_category: 'technology_it', local_service_category: 'cleaning_services' }))),
    ).toEqual([['local_service_category', 'Local service fields apply only to the Local Services industry']]);
    expect(
      issues(await post(employer.token, jobInput({ industry_category: 'local_services', local_service_category: 'home_cleaning' }))),
    ).toEqual([['local_service_category', 'Not a known local service category']]);
    const { localServiceCategories } = await import('@mihna/shared');
    const [first, second] = localServiceCategories;
    const mismatched = await post(
      employer.token,
      jobInput({
        industry_category: 'local_services',
        local_service_category: first?.id,
        local_service_subcategory: second?.subservices[0]?.id,
      }),
    );
    expect(issues(mismatched)).toEqual([['local_service_subcategory', 'Not a known local service']]);
    const matched = await postJob(app, employer.token, {
      industry_category: 'local_services',
      local_service_category: first?.id,
      local_service_subcategory: first?.subservices[0]?.id,
    });
    expect(matched.job.local_service_subcategory).toBe(first?.subservices[0]?.id);
  });

  it('moderates title and description: mild words are cleaned, severe language is refused', async () => {
    const cleaned = await postJob(app, employer.token, { description: 'Fix this damn slow checkout page for our shop.' });
    expect(cleaned.moderation_message).toMatch(/description/);
    expect(cleaned.job.description).not.toMatch(/damn/i);
    const before = await selectRows<{ n: number }>(app.services.database, sql`select count(*)::int as n from jobs`);
    const severe = await post(employer.token, jobInput({ title: 'You are a faggot' }));
    expect(severe.statusCode).toBe(422);
    expect(issues(severe)[0]?.[0]).toBe('title');
    const after = await selectRows<{ n: number }>(app.services.database, sql`select count(*)::int as n from jobs`);
    expect(after).toEqual(before);
  });
});

describe('GET /jobs/{id}', () => {
  let app: App;
  let employer: Awaited<ReturnType<typeof createUser>>;
  let professional: Awaited<ReturnType<typeof createUser>>;
  let job: JobCreated;

  beforeAll(async () => {
    app = await createTestApp();
    employer = await createUser(app, { role: 'employer', first_name: 'Mariam', last_name: 'Al Suwaidi', company_name: 'Falcon Logistics' });
    professional = await createUser(app);
    job = await postJob(app, employer.token, { address: 'Warehouse 12, Al Quoz' });
  });
  afterAll(() => app.close());

  const get = (id: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: { 'user-agent': 'test-browser', ...headers } });

  it('answers the detail with the employer, hiding the e-mail and address from others', async () => {
    const response = await get(job.id, bearer(professional.token));
    expect(response.statusCode).toBe(200);
    const detail = response.json<JobDetail>();
    expect(detail).toMatchObject({
      id: job.id,
      status: 'open',
      proposals_count: 0,
      address: null,
      employer_info: {
        id: employer.user.id,
        name: 'Mariam Al Suwaidi',
        company: 'Falcon Logistics',
        email: null,
        account_status: 'active',
      },
      viewer: { is_owner: false, has_proposal: false, has_expressed_interest: false },
    });
    expect(response.body).not.toContain(employer.user.email);

    const own = (await get(job.id, bearer(employer.token))).json<JobDetail>();
    expect(own.viewer.is_owner).toBe(true);
    expect(own.address).toBe('Warehouse 12, Al Quoz');
    expect(own.employer_info.email).toBe(employer.user.email);
  });

  it('counts a view once per viewer per day, and not the owner’s', async () => {
    const fresh = await postJob(app, employer.token);
    for (let i = 0; i < 3; i += 1) await get(fresh.id, bearer(professional.token));
    await get(fresh.id, bearer(employer.token));
    await get(fresh.id, { 'x-forwarded-for': '203.0.113.9' });
    await get(fresh.id);
    const detail = (await get(fresh.id, bearer(employer.token))).json<JobDetail>();
    // The professional once, and one anonymous visitor (same address and browser, twice).
    expect(detail.view_count).toBe(2);
  });

  it('answers 404 “Job not found” for unknown and malformed ids', async () => {
    for (const id of ['5b0c3f7e-0000-4000-8000-000000000000', 'not-a-uuid', '%27%3B--']) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Job not found' });
    }
  });

  it('lists an employer’s own projects, and nobody else’s', async () => {
    const other = await createUser(app, { role: 'employer', company_name: 'Other Co' });
    await postJob(app, other.token, { title: 'Somebody else’s project' });
    const mine = await app.inject({ method: 'GET', url: '/api/jobs/employer/my', headers: bearer(employer.token) });
    const titles = mine.json<{ jobs: { title: string; id: string }[] }>().jobs.map((entry) => entry.title);
    expect(titles.length).toBeGreaterThanOrEqual(2);
    expect(titles).not.toContain('Somebody else’s project');
    expect((await app.inject({ method: 'GET', url: '/api/jobs/employer/my' })).statusCode).toBe(401);
  });
});
